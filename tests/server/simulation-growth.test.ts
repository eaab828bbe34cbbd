import { describe, expect, it } from 'vitest';
import type { PlanOrder } from '../../server/planner/types';
import { demandProfile, growthLaw, syntheticDay } from '../../server/simulation/growth';
import { DEFAULT_SIMULATION_OPTIONS } from '../../server/simulation/options';

/** The colapso demand: the business law 900 + x^n, calibrated to the stored orders, seeded. */
describe('crecimiento de la demanda (colapso)', () => {
  const stored: PlanOrder[] = Array.from({ length: 7 * 400 }, (_, i) => ({
    key: `K-${i}`,
    destination: ['SKBO', 'LEMD', 'VIDP', 'SKBO'][i % 4],
    releaseMin: 29_000_000 + Math.floor((i * 7 * 1440) / 2800),
    quantity: 1 + (i % 5),
  }));
  const profile = demandProfile(stored)!;
  const g = DEFAULT_SIMULATION_OPTIONS.growth;

  it('empieza en la demanda almacenada y crece yearFactor veces en periodDays días', () => {
    const law = growthLaw(profile.productsPerDay, g);
    expect(law(0)).toBeCloseTo(profile.productsPerDay, 6);
    expect(law(g.periodDays)).toBeCloseTo(g.yearFactor * profile.productsPerDay, 6);
    expect(law(2 * g.periodDays)).toBeGreaterThan(law(g.periodDays));
    // 900 + x^n exactly: x advances linearly, so (law(d) - 900)^(1/n) is linear in d.
    const x = (d: number) => (law(d) - 900) ** (1 / g.exponent);
    expect(x(3) - x(2)).toBeCloseTo(x(2) - x(1), 6);
  });

  it('genera cada día los mismos pedidos con la misma semilla, con la mezcla de destinos almacenada', () => {
    const law = growthLaw(profile.productsPerDay, g);
    const a = syntheticDay(profile, law, 20_200, 20_205, 1);
    const b = syntheticDay(profile, law, 20_200, 20_205, 1);
    const c = syntheticDay(profile, law, 20_200, 20_205, 2);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const products = a.reduce((s, o) => s + o.quantity, 0);
    expect(products).toBeGreaterThanOrEqual(Math.round(law(5.5)));
    expect(products).toBeLessThan(Math.round(law(5.5)) + 6);
    expect(new Set(a.map((o) => o.destination))).toEqual(new Set(['SKBO', 'LEMD', 'VIDP']));
    const skbo = a.filter((o) => o.destination === 'SKBO').length / a.length;
    expect(skbo).toBeGreaterThan(0.4);
    expect(skbo).toBeLessThan(0.6);
    for (const o of a) expect(Math.floor(o.releaseMin / 1440)).toBe(20_205);
  });
});
