// Builds Storybook statically, serves it on a free loopback port, and runs @storybook/test-runner
// against it in Debian's Chromium. Exit code is the test runner's.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const root = process.env.SB_DIR ?? 'storybook-static';
const run = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });
    child.on('exit', (code) => resolve(code ?? 1));
  });

if (!process.env.SKIP_STORYBOOK_BUILD || !existsSync(root)) {
  const code = await run('npx', ['storybook', 'build', '-o', root, '--quiet', '--disable-telemetry']);
  if (code !== 0) process.exit(code);
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let file = normalize(join(root, decodeURIComponent(url.pathname)));
  if (!file.startsWith(normalize(root))) return res.writeHead(403).end();
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const extra = process.argv.slice(2);
const code = await run('npx', [
  'test-storybook',
  '--url',
  `http://127.0.0.1:${port}`,
  '--maxWorkers=2',
  ...extra,
]);
server.close();
process.exit(code);
