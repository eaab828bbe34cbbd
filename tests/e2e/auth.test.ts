import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, startServer } from './harness';

/**
 * A server that requires sign-in (as one reachable from other machines does), in Chromium with its
 * real security headers: the sign-in screen, roles hiding what they cannot do, and the map working
 * under the Content-Security-Policy.
 */

const ADMIN = { usuario: 'admin', contrasena: 'contraseña-del-admin' };
const PASSWORD = 'contraseña-del-equipo';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: { AUTH: 'requerido', ADMIN_USUARIO: ADMIN.usuario, ADMIN_CONTRASENA: ADMIN.contrasena },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Every CSP violation the page reports, so a blocked worker, script or style fails the test. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function signIn(page: Page, usuario: string, contrasena: string) {
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  await page.getByRole('textbox', { name: 'Usuario' }).fill(usuario);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const sections = (page: Page) =>
  page
    .locator('nav[aria-label="Secciones"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));

describe('sign-in in Chromium', () => {
  it('asks to sign in, refuses a wrong password in Spanish, then opens the app with the map under the CSP', async () => {
    const { context, page, errors } = await newPage(browser);
    const violations = await watchCsp(page);
    const api = await fetch(`${server.baseUrl}/api/aereopuertos`);
    expect(api.status).toBe(401);

    await page.goto(`${server.baseUrl}/operacion`);
    await signIn(page, ADMIN.usuario, 'no-es-esta');
    await expect(page.getByRole('alert').innerText()).resolves.toBe('Usuario o contraseña incorrectos');

    await page.getByLabel('Contraseña').fill(ADMIN.contrasena);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('admin · Administrador').waitFor();
    await expect(sections(page)).resolves.toEqual([
      'Registrar envío',
      'Operación Diaria',
      'Simulación Semanal',
      'Colapso',
    ]);
    // MapLibre starts its worker from a blob: URL and draws on WebGL: the policy must let it.
    await page.waitForSelector('[data-testid="flight-map"][data-map-loaded="true"]', { timeout: 60_000 });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'morapack_sesion')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('morapack_sesion');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each role only what it may do', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/registrar`);
    await signIn(page, ADMIN.usuario, ADMIN.contrasena);
    await page.getByText('admin · Administrador').waitFor();
    for (const [usuario, rol] of [
      ['olga', 'operador'],
      ['oscar', 'observador'],
    ]) {
      const created = await page.request.post(`${server.baseUrl}/api/usuarios`, {
        data: { usuario, nombre: usuario, rol, contrasena: PASSWORD },
      });
      expect(created.status()).toBe(201);
    }
    // The administrador loads files and registers orders.
    await page.getByRole('heading', { name: 'Cargas masivas' }).waitFor();
    await page.getByRole('heading', { name: 'Registro de pedido' }).waitFor();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await signIn(page, 'olga', PASSWORD);
    await page.getByText('olga · Operador').waitFor();
    await page.goto(`${server.baseUrl}/registrar`);
    await page.getByRole('heading', { name: 'Registro de pedido' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Cargas masivas' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await signIn(page, 'oscar', PASSWORD);
    await page.getByText('oscar · Observador').waitFor();
    await expect(sections(page)).resolves.toEqual(['Operación Diaria', 'Simulación Semanal', 'Colapso']);
    await page.goto(`${server.baseUrl}/registrar`);
    await page.waitForURL('**/operacion');
    // What the screen hides, the server refuses too.
    const order = await page.request.post(`${server.baseUrl}/api/pedidos`, {
      data: { clienteId: '1', aeropuerto: 'SPIM', cantidad: 1 },
    });
    expect(order.status()).toBe(403);
    expect((await order.json()).message).toBe(
      'Tu rol (observador) no permite registrar pedidos; hace falta el rol operador',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
