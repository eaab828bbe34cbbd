// `npm test`: every check the project has, in order, summed into one final line "N passed, N failed".
// Types, lint/format, unit + server tests (PGlite always; PostgreSQL when TEST_DATABASE_URL is set),
// the app build, every Storybook story in the test runner, and the end-to-end suite in Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('tmp', { recursive: true });
const results = [];
const started = Date.now();

const run = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
  });

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A step that is one check: passes or fails as a whole. */
async function check(name, cmd, args) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await run(cmd, args);
  results.push({
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    seconds: (Date.now() - t0) / 1000,
  });
}

/** A step that runs many tests and reports counts in a Jest-compatible JSON file. */
async function suite(name, cmd, args, jsonFile, env) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  rmSync(jsonFile, { force: true });
  const code = await run(cmd, args, env);
  const report = readJson(jsonFile);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  // A crash before any report, or a non-zero exit without failed tests, still counts as a failure.
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ name, passed, failed, seconds: (Date.now() - t0) / 1000 });
}

await check('tipos (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
await check('formato y lint (biome)', 'npx', ['biome', 'ci', '.']);
await suite(
  'unit + servidor (vitest)',
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'unit',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    '--outputFile=tmp/vitest-unit.json',
  ],
  'tmp/vitest-unit.json',
);
await check('build (app y servidor)', 'node', ['scripts/build.mjs', '--force']);
await suite(
  'historias (storybook test-runner)',
  'node',
  ['scripts/test-stories.mjs', '--json', '--outputFile', 'tmp/stories.json'],
  'tmp/stories.json',
);
if (existsSync('/usr/bin/chromium') || process.env.CHROMIUM_PATH) {
  await suite(
    'extremo a extremo (vitest + chromium)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'e2e',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=tmp/vitest-e2e.json',
    ],
    'tmp/vitest-e2e.json',
  );
} else {
  console.log(
    '\n✗ /usr/bin/chromium no está instalado: instala el paquete chromium (apt-get install -y chromium).',
  );
  results.push({ name: 'extremo a extremo', passed: 0, failed: 1, seconds: 0 });
}

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\nResumen:');
for (const r of results) {
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} ok, ${r.failed} con fallos (${r.seconds.toFixed(1)} s)`,
  );
}
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
