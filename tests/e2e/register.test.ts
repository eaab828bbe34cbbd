/**
 * /registrar end to end: real server, real database, real browser, the real MoraPack files.
 * Uploads airports and flights, reads the status lines, the preview and the download, checks the
 * replace confirmation (cancel keeps the old file), a broken file (error toast, old file kept), the
 * orders file with its progress, and four browsers registering orders at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStatusDto } from '../../contract';
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  MORAPACK_DIR,
  newPage,
  type RunningServer,
  startServer,
} from './harness';

const AIRPORTS_FILE = 'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt';
const FLIGHTS_FILE = 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt';
const ORDERS_FILE = 'pedidos-diciembre22-31.txt';
const haveFiles = [AIRPORTS_FILE, FLIGHTS_FILE, ORDERS_FILE].every((f) =>
  existsSync(path.join(MORAPACK_DIR, f)),
);
if (!haveFiles) console.warn(`register e2e omitido: faltan los archivos reales en ${MORAPACK_DIR}`);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!haveFiles) return;
  [server, browser] = await Promise.all([startServer({ seedDemo: false }), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const api = async <T>(p: string): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/api/${p}`);
  if (!response.ok) throw new Error(`${p}: ${response.status}`);
  return (await response.json()) as T;
};

const slot = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const toast = (page: Page, type: 'success' | 'error', text: string | RegExp) =>
  page.locator(`[data-sonner-toast][data-type="${type}"]`, { hasText: text });

async function dropFile(page: Page, zoneLabel: string, file: string | { name: string; buffer: Buffer }) {
  const input = page.getByLabel(`Seleccionar ${zoneLabel.toLowerCase()}`, { exact: true });
  if (typeof file === 'string') await input.setInputFiles(path.join(MORAPACK_DIR, file));
  else await input.setInputFiles({ name: file.name, mimeType: 'text/plain', buffer: file.buffer });
}

describe.skipIf(!haveFiles)('register screen in Chromium with the real files', () => {
  it('loads airports and flights, shows status, preview and download, and asks before replacing', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/registrar`);
    const vuelos = slot(page, 'Vuelos');
    const husos = slot(page, 'Husos horarios (aeropuertos)');
    await vuelos.getByText('No hay archivo cargado').waitFor();
    await husos.getByText('No hay archivo cargado').waitFor();
    expect(await vuelos.getByRole('button', { name: 'Descargar' }).isDisabled()).toBe(true);
    expect(await vuelos.getByRole('button', { name: 'Ver primeras líneas' }).isDisabled()).toBe(true);

    // Airports first (nothing stored: no confirmation), then flights.
    await dropFile(page, 'Archivo de husos horarios', AIRPORTS_FILE);
    await toast(page, 'success', /aeropuertos/i).waitFor({ timeout: 30_000 });
    await husos.getByRole('button', { name: AIRPORTS_FILE, exact: true }).waitFor();
    await dropFile(page, 'Archivo de vuelos', FLIGHTS_FILE);
    await toast(page, 'success', /vuelos/i).waitFor({ timeout: 30_000 });
    const flightsBytes = readFileSync(path.join(MORAPACK_DIR, FLIGHTS_FILE));
    await vuelos.getByRole('button', { name: FLIGHTS_FILE, exact: true }).waitFor();
    const line = await vuelos.locator('p').first().textContent();
    expect(line).toContain(`${new Intl.NumberFormat('es-ES').format(flightsBytes.byteLength)} bytes`);
    expect(await vuelos.getByRole('button', { name: AIRPORTS_FILE, exact: true }).count()).toBe(0);

    // Preview: the first 50 lines, in an alert dialog.
    await vuelos.getByRole('button', { name: 'Ver primeras líneas' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const shown = (await dialog.locator('pre').textContent()) ?? '';
    const expected = flightsBytes.toString('utf8').split(/\r?\n/).slice(0, 50);
    expect(shown.split(/\r?\n/).slice(0, 50)).toEqual(expected);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Clicking the name opens the same preview.
    await vuelos.getByRole('button', { name: FLIGHTS_FILE }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('button', { name: 'Cerrar' }).click();

    // Download: the same bytes, under the stored name (airports are UTF-16: bytes must survive).
    for (const [region, file] of [
      [vuelos, FLIGHTS_FILE],
      [husos, AIRPORTS_FILE],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        region.getByRole('button', { name: 'Descargar' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      const saved = readFileSync((await download.path()) as string);
      expect(saved.equals(readFileSync(path.join(MORAPACK_DIR, file)))).toBe(true);
    }

    // Replace: the confirmation names the stored file; cancel uploads nothing.
    const before = await api<FileStatusDto>('vuelos/status');
    await dropFile(page, 'Archivo de vuelos', { name: 'otros-vuelos.txt', buffer: flightsBytes });
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(`Ya existe un archivo (${FLIGHTS_FILE}). Esto lo reemplazará. ¿Continuar?`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 500));
    expect(await api<FileStatusDto>('vuelos/status')).toEqual(before);
    await vuelos.getByRole('button', { name: FLIGHTS_FILE, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('rejects a broken flights file with an error toast and keeps the old file', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto(`${server.baseUrl}/registrar`);
    const before = await api<FileStatusDto>('vuelos/status');
    expect(before.filename).toBe(FLIGHTS_FILE);
    await slot(page, 'Vuelos').getByRole('button', { name: FLIGHTS_FILE, exact: true }).waitFor();
    const broken = Buffer.from('SKBO-SEQM-03:34-05:21-0300\nesto no es un vuelo\n');
    await dropFile(page, 'Archivo de vuelos', { name: 'roto.txt', buffer: broken });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
    const error = toast(page, 'error', /.+/);
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/l[ií]nea 2/i);
    expect(logged.some((t) => t.includes('Detalles del error'))).toBe(true);
    // Result toasts stay until dismissed.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(await error.count()).toBe(1);
    expect(await api<FileStatusDto>('vuelos/status')).toEqual(before);
    await slot(page, 'Vuelos').getByRole('button', { name: FLIGHTS_FILE, exact: true }).waitFor();
    await context.close();
  }, 60_000);

  it('loads the real orders file with progress and reports what the server stored', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    await page.goto(`${server.baseUrl}/registrar`);
    const pedidos = slot(page, 'Pedidos');
    await pedidos.getByText('No hay archivo cargado').waitFor();
    await dropFile(page, 'Archivo de pedidos', ORDERS_FILE);
    await pedidos.getByRole('progressbar').waitFor();
    const ok = toast(page, 'success', `Archivo de pedidos ${ORDERS_FILE} cargado`);
    await ok.waitFor({ timeout: 60_000 });
    await pedidos.getByRole('button', { name: ORDERS_FILE, exact: true }).waitFor();
    expect(await pedidos.getByRole('progressbar').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('registers orders from four browsers at once: all four stored, none twice', async () => {
    const before = new Set(await api<string[]>('pedidos?limit=50000'));
    const run = `${Date.now() % 100000}`;
    const sessions = await Promise.all([0, 1, 2, 3].map(() => newPage(browser, DESKTOP)));
    await Promise.all(
      sessions.map(async ({ page }, i) => {
        await page.goto(`${server.baseUrl}/registrar`);
        await page.getByRole('button', { name: /Lima \(SPIM\)/ }).waitFor();
        await page.getByLabel('ID de cliente').fill(`${run}${i}`);
        await page.getByRole('textbox', { name: 'Cantidad' }).fill(String(i + 2));
      }),
    );
    await Promise.all(sessions.map(({ page }) => page.getByRole('button', { name: 'Enviar' }).click()));
    const texts = await Promise.all(
      sessions.map(async ({ page }) => {
        const ok = toast(page, 'success', /Pedido .* registrado/);
        await ok.waitFor({ timeout: 30_000 });
        const text = (await ok.textContent()) ?? '';
        // The form resets: empty client, Lima, quantity 1.
        expect(await page.getByLabel('ID de cliente').inputValue()).toBe('');
        expect(await page.getByRole('textbox', { name: 'Cantidad' }).inputValue()).toBe('1');
        return text;
      }),
    );
    for (const text of texts) expect(text).toMatch(/✓$/);
    const keys = texts.map((t) => /Pedido (\S+) registrado/.exec(t)?.[1]);
    expect(new Set(keys).size).toBe(4);
    const after = await api<string[]>('pedidos?limit=50000');
    const added = after.filter((k) => !before.has(k));
    expect(added.sort()).toEqual([...keys].sort());
    for (const { context, errors } of sessions) {
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it('validates on first touch, and an invalid form sends nothing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/registrar`);
    const client = page.getByLabel('ID de cliente');
    await client.focus();
    await client.blur();
    await page.getByText('Requerido').waitFor();
    await page.getByRole('textbox', { name: 'Cantidad' }).fill('');
    await page.getByRole('textbox', { name: 'Cantidad' }).blur();
    await page.getByText('Debe ser > 0').waitFor();
    await page.getByRole('button', { name: 'Enviar' }).click();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('refuses a mistyped quantity or client id and keeps what was typed; the server sends nothing back stored', async () => {
    const before = (await api<string[]>('pedidos?limit=50000')).length;
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await page.goto(`${server.baseUrl}/registrar`);
    await page.getByRole('button', { name: /Lima \(SPIM\)/ }).waitFor();
    const quantity = page.getByRole('textbox', { name: 'Cantidad' });
    const client = page.getByLabel('ID de cliente');
    await client.fill('12');
    for (const typed of ['2.5', '2,5', '-2', '0']) {
      await quantity.fill(typed);
      await quantity.blur();
      await page.getByText('Debe ser > 0').waitFor();
      expect(await quantity.inputValue()).toBe(typed);
      await page.getByRole('button', { name: 'Enviar' }).click();
    }
    await quantity.fill('3');
    await client.fill('abc');
    await client.blur();
    await page.getByText('Solo dígitos, hasta 7').waitFor();
    expect(await client.inputValue()).toBe('abc');
    await page.getByRole('button', { name: 'Enviar' }).click();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect((await api<string[]>('pedidos?limit=50000')).length).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
  it('lists every error of a broken real orders file, with the lines as read, and offers the list as a file', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const before = await api<FileStatusDto>('pedidos/status');
    const lines = readFileSync(path.join(MORAPACK_DIR, ORDERS_FILE), 'utf8').split(/\r?\n/);
    // Three lines spoiled in ways an operator meets: a month 13, a quantity with a letter, a cut line.
    const spoiled = new Map<number, string>([
      [12, lines[11].replace(/-(\d{4})(\d{2})(\d{2})-/, '-$113$3-')],
      [4000, lines[3999].replace(/-(\d{3})-(\d{7})$/, '-0x1-$2')],
      [30000, lines[29999].slice(0, 20)],
    ]);
    for (const [n, text] of spoiled) lines[n - 1] = text;
    await page.goto(`${server.baseUrl}/registrar`);
    await dropFile(page, 'Archivo de pedidos', {
      name: 'pedidos-rotos.txt',
      buffer: Buffer.from(lines.join('\n')),
    });
    const dialog = page.getByRole('dialog', { name: 'pedidos-rotos.txt no se cargó' });
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.textContent()).toContain('3 errores; nada se guardó.');
    const items = dialog.getByRole('list', { name: 'Errores del archivo' }).getByRole('listitem');
    expect(await items.count()).toBe(3);
    for (const [i, [n, text]] of [...spoiled].entries()) {
      const item = items.nth(i);
      expect(await item.textContent()).toContain(`Línea ${n}`);
      expect(await item.locator('code').textContent()).toBe(text);
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar lista (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('errores-pedidos-rotos.txt');
    const saved = readFileSync((await download.path()) as string, 'utf8');
    expect(saved.split('\r\n')[0]).toBe('Errores de pedidos-rotos.txt: 3');
    for (const [n, text] of spoiled) {
      expect(saved).toContain(`Línea ${n}:`);
      expect(saved).toContain(`    ${text}`);
    }
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    // Nothing stored, and the zone says so.
    expect(await api<FileStatusDto>('pedidos/status')).toEqual(before);
    expect(
      await page.getByRole('button', { name: 'Archivo de pedidos', exact: true }).textContent(),
    ).toContain('El archivo pedidos-rotos.txt no se cargó: 3 errores');
    await page.getByRole('button', { name: 'Ver errores (3 errores)' }).waitFor();
    await context.close();
  }, 120_000);
});
