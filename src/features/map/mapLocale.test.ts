import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAP_LOCALE_ES } from './mapLocale';

/** The ids of MapLibre's default (English) table, read from the installed package's source. */
function maplibreIds(): string[] {
  const pkg = createRequire(import.meta.url).resolve('maplibre-gl/package.json');
  const text = readFileSync(join(dirname(pkg), 'src/ui/default_locale.ts'), 'utf8');
  return [...text.matchAll(/'([A-Za-z]+\.[A-Za-z]+)':/g)].map((m) => m[1] as string);
}

describe('MapLibre en español', () => {
  it('traduce cada texto propio de MapLibre, sin dejar ninguno en inglés', () => {
    const ids = maplibreIds();
    expect(ids.length).toBeGreaterThan(20);
    expect(Object.keys(MAP_LOCALE_ES).sort()).toEqual([...ids].sort());
    expect(MAP_LOCALE_ES['NavigationControl.ZoomIn']).toBe('Acercar');
  });
});
