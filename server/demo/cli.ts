/**
 * `npm run demo-data [-- --seed N --start YYYY-MM-DD --weeks N --orders-per-day N]`
 * Writes the demo files to $DATA_DIR/demo/ (default ./data/demo), which git ignores.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encodeUtf16be } from '../formats/text';
import { loadConfig } from '../plugins/config';
import { DEFAULT_DEMO_OPTIONS, generateDemo } from './generate';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    start: { type: 'string' },
    weeks: { type: 'string' },
    'orders-per-day': { type: 'string' },
  },
});

const num = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} '${v}' debe ser un entero no negativo`);
    process.exit(2);
  }
  return n;
};

const options = {
  seed: num(values.seed, DEFAULT_DEMO_OPTIONS.seed, 'seed'),
  startDate: values.start ?? DEFAULT_DEMO_OPTIONS.startDate,
  weeks: num(values.weeks, DEFAULT_DEMO_OPTIONS.weeks, 'weeks'),
  ordersPerDay: num(values['orders-per-day'], DEFAULT_DEMO_OPTIONS.ordersPerDay, 'orders-per-day'),
};

const t0 = performance.now();
const files = generateDemo(options);
const dir = path.resolve(loadConfig().dataDir, 'demo');
mkdirSync(dir, { recursive: true });
const out = {
  // Same encoding as the official airports file, so uploads exercise the UTF-16 path.
  'aeropuertos.husos.txt': encodeUtf16be(files.airportsText),
  'planes_vuelo.txt': files.flightsText,
  'pedidos.txt': files.ordersText,
};
for (const [name, content] of Object.entries(out)) writeFileSync(path.join(dir, name), content);
const lines = (s: string) => s.split('\n').filter(Boolean).length;
console.log(
  `Datos demo (semilla ${options.seed}, desde ${options.startDate}, ${options.weeks} semanas) en ${dir}: ` +
    `${lines(files.flightsText)} vuelos, ${lines(files.ordersText)} pedidos ` +
    `(${Math.round(performance.now() - t0)} ms)`,
);
