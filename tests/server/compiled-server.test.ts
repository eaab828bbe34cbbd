import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The compiled server (what `npm start` runs) starts with plain node: every entry bundled, the SQL
 * migrations beside it, packages found in node_modules. Built into its own folder inside the project
 * (packages resolve from there), started on a fresh embedded database.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'build', `test-${process.pid}`);
const DATA = mkdtempSync(path.join(os.tmpdir(), 'morapack-compiled-'));

afterAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  rmSync(DATA, { recursive: true, force: true });
});

describe('compiled server', () => {
  it('builds and answers /api/health from node, with sign-in and headers in place', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', 'server', OUT], { cwd: ROOT, stdio: 'pipe' });
    expect(existsSync(path.join(OUT, 'main.js'))).toBe(true);
    expect(existsSync(path.join(OUT, 'migrations', '0006_users_sessions.sql'))).toBe(true);

    const child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: DATA,
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /Servidor listo en http:\/\/localhost:(\d+)/.exec(output);
          if (match) {
            clearInterval(timer);
            resolve(Number(match[1]));
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`El servidor compilado terminó:\n${output}`));
          }
        }, 100);
      });
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite', status: 'ok' } });
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      const me = await (await fetch(`http://127.0.0.1:${port}/api/sesion`)).json();
      expect(me).toMatchObject({ acceso: 'local', usuario: { rol: 'administrador' } });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
