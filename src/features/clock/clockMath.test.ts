import { describe, expect, it } from 'vitest';
import { clockTime, localSync, runClock, syncFrom } from './clockMath';

describe('clock arithmetic', () => {
  it('follows local time when no source answered', () => {
    const sync = localSync(1_000);
    expect(clockTime(sync, 4_000).getTime()).toBe(4_000);
  });

  it('re-bases on the source time and keeps ticking from there', () => {
    const sync = syncFrom(new Date('2025-12-23T10:00:00Z'), 50_000)!;
    expect(clockTime(sync, 53_000).toISOString()).toBe('2025-12-23T10:00:03.000Z');
  });

  it('runs a simulated clock at its rate between syncs', () => {
    const sync = syncFrom({ now: new Date('2025-12-23T10:00:00Z'), rate: 120 }, 0)!;
    // One real second at 120x is two simulated minutes.
    expect(clockTime(sync, 1_000).toISOString()).toBe('2025-12-23T10:02:00.000Z');
  });

  it('ignores an unusable answer', () => {
    expect(syncFrom(new Date('nonsense'), 0)).toBeNull();
  });
});

describe('the run clock, from the live stream', () => {
  const T = Date.parse('2025-12-23T10:00:00Z');
  const tick = (estado: string | null, velocidad: number | null, t: number | null = T) => ({
    t,
    velocidad,
    estado,
    receivedAt: 10_000,
  });

  it('without a run shows real time and says so', () => {
    for (const estado of ['sin_simulacion', 'tiempo_real', null]) {
      const r = runClock(tick(estado, 1), 12_345);
      expect(r).toEqual({ now: new Date(12_345), realTime: true, stopped: false });
    }
  });

  it("a moving run advances from the tick's instant at its speed, at most two seconds past it", () => {
    expect(runClock(tick('en_curso', 168), 10_500).now.toISOString()).toBe('2025-12-23T10:01:24.000Z');
    // A late tick holds the clock instead of letting it run ahead.
    expect(runClock(tick('en_curso', 168), 60_000).now.toISOString()).toBe('2025-12-23T10:05:36.000Z');
  });

  it('at maximum speed shows each tick as it comes', () => {
    expect(runClock(tick('en_curso', null), 11_000).now.getTime()).toBe(T);
  });

  it('a paused, finished or collapsed run stops at its instant', () => {
    for (const estado of ['pausada', 'terminada', 'colapsada', 'detenida']) {
      const r = runClock(tick(estado, 0), 99_000);
      expect(r).toMatchObject({ now: new Date(T), realTime: false, stopped: true });
    }
  });
});
