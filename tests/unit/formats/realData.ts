import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The real course files live outside the project (never committed); tests skip when they are absent. */
export const DATA_DIR = path.resolve(process.cwd(), '../shared/data/morapack');
export const AIRPORTS_FILE = path.join(
  DATA_DIR,
  'c.1inf54.25.2.Aeropuerto.husos.v1.20250818__estudiantes.txt',
);
export const FLIGHTS_FILE = path.join(DATA_DIR, 'c.1inf54.25.2.planes_vuelo.v4.20250818.txt');
export const ORDERS_FILE = path.join(DATA_DIR, 'pedidos-diciembre22-31.txt');

export const hasRealData = existsSync(AIRPORTS_FILE) && existsSync(FLIGHTS_FILE) && existsSync(ORDERS_FILE);
if (!hasRealData) {
  console.warn(
    `Datos reales ausentes en ${DATA_DIR}: se omiten las pruebas con los archivos reales de MoraPack.`,
  );
}

export const readBytes = (file: string): Uint8Array => new Uint8Array(readFileSync(file));
export const readUtf8 = (file: string): string => readFileSync(file, 'utf8');
