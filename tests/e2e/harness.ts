/**
 * End-to-end harness: the real built server (real database in a fresh data folder) and Debian's
 * Chromium driven by playwright-core. No mocks.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import chromiumConfig from '../../scripts/chromium.json';

import { freePort } from '../freePort';

export { freePort };

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumConfig.executablePath;
export const CHROMIUM_ARGS = chromiumConfig.args;

/** Builds the app once if dist/ is missing (npm test builds it before the e2e suite). */
export function ensureBuilt() {
  if (existsSync(path.join(PROJECT_ROOT, 'dist', 'index.html'))) return;
  execFileSync('npx', ['vite', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s). Keeps the data folder. */
  stop(): Promise<void>;
  /** Starts the same server again on the same port and data folder (restart tests). */
  restart(): Promise<void>;
  /** Stops and removes the data folder. */
  dispose(): Promise<void>;
  logs(): string;
}

export interface StartOptions {
  /** Seed the demo data set into the empty database (default true: what a new user sees). */
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** Reuse a data folder (default: a fresh temporary one). */
  dataDir?: string;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`El servidor terminó (código ${child.exitCode}):\n${logs()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`El servidor no respondió en ${timeoutMs} ms:\n${logs()}`);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  ensureBuilt();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'morapack-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(PROJECT_ROOT, 'dist'),
        SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
        // The suites type dates of the demo week; pin it (a plain start centres the demo on today).
        DEMO_START: '2026-01-05',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await waitForHealth(baseUrl, child, () => output);
  };

  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  await launch();
  return {
    baseUrl,
    port,
    dataDir,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    logs: () => output,
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

/** A fresh context (own localStorage) with page errors collected for assertions. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  /**
   * Benches that evaluate strings in the page (tsx's helpers do not exist there) need the page's
   * Content-Security-Policy lifted: it forbids eval. Tests never do: they check the app under it.
   */
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    locale: 'es-ES',
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Where tests that need the real files find them (never copied into the project). */
export const MORAPACK_DIR = path.resolve(PROJECT_ROOT, '../shared/data/morapack');
