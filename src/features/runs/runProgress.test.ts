import { describe, expect, it } from 'vitest';
import type { RunDto } from '../../../contract';
import { simulatedDays, weekProgress } from './runProgress';

const run = (over: Partial<RunDto>): RunDto =>
  ({
    inicio: '2025-12-22T00:00:00.000Z',
    fin: '2025-12-29T00:00:00.000Z',
    estado: 'en_curso',
    velocidad: 336,
    ...over,
  }) as RunDto;

describe('a run’s progress at the clock’s instant', () => {
  it('a week at ×336 half played has 15 minutes of wall time left', () => {
    const p = weekProgress(run({}), Date.parse('2025-12-25T12:00:00Z'));
    expect(p?.fraction).toBeCloseTo(0.5);
    expect(p?.secondsLeft).toBeCloseTo(900);
  });

  it('at maximum speed or paused there is no estimate; a finished week is 100 %', () => {
    expect(weekProgress(run({ velocidad: 'max' }), Date.parse('2025-12-23T00:00Z'))?.secondsLeft).toBeNull();
    expect(weekProgress(run({ estado: 'pausada' }), Date.parse('2025-12-23T00:00Z'))?.secondsLeft).toBeNull();
    expect(weekProgress(run({ estado: 'terminada' }), Date.parse('2025-12-23T00:00Z'))?.fraction).toBe(1);
  });

  it('counts simulated days from inicio', () => {
    expect(simulatedDays(run({ fin: null }), Date.parse('2025-12-24T12:00:00Z'))).toBeCloseTo(2.5);
  });
});
