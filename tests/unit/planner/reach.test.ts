import { describe, expect, it } from 'vitest';
import { compileNetwork, DAY_MIN } from '../../../server/planner/network';
import { minuteOfDay, Reach } from '../../../server/planner/reach';
import { DEFAULT_PLANNER_PARAMS } from '../../../server/planner/types';
import { flight, rng, smallNetwork } from './fixtures';

const codes = ['SPIM', 'SKBO', 'EBCI', 'LOWW', 'UBBB', 'VIDP'];

/** A random timetable: a few daily flights between random pairs. */
function randomNetwork(seed: number) {
  const rand = rng(seed);
  const flights = [];
  for (let i = 0; i < 25; i++) {
    const o = codes[Math.floor(rand() * codes.length)];
    const d = codes[Math.floor(rand() * codes.length)];
    if (o === d) continue;
    const dep = Math.floor(rand() * DAY_MIN);
    const hhmm = `${String(Math.floor(dep / 60)).padStart(2, '0')}:${String(dep % 60).padStart(2, '0')}`;
    flights.push(flight(o, d, hhmm, 30 + Math.floor(rand() * 900)));
  }
  return compileNetwork(smallNetwork(flights), DEFAULT_PLANNER_PARAMS);
}

describe('timetable reach bounds', () => {
  it('equal the least wait plus flight time, directly and through any intermediate with flights on both legs', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const net = randomNetwork(seed);
      const reach = new Reach(net);
      const n = net.airportCount;
      const legOf = (o: number, x: number, m: number) => {
        let best = Number.POSITIVE_INFINITY;
        for (const f of net.direct[o * n + x])
          best = Math.min(best, ((net.fDep[f] - m + DAY_MIN) % DAY_MIN) + net.fDur[f]);
        return best;
      };
      for (let o = 0; o < n; o++)
        for (let d = 0; d < n; d++) {
          const hubs = [];
          for (let x = 0; x < n; x++)
            if (x !== o && x !== d && net.direct[o * n + x].length > 0 && net.direct[x * n + d].length > 0)
              hubs.push(x);
          expect([...reach.hubs(o, d)]).toEqual(hubs);
          for (let m = 0; m < DAY_MIN; m += 7) {
            const leg = legOf(o, d, m);
            const got = reach.from(o)[m * n + d];
            expect(got >= 1 << 29 ? Number.POSITIVE_INFINITY : got).toBe(leg);
            let via = Number.POSITIVE_INFINITY;
            for (let x = 0; x < n; x++)
              if (x !== o && x !== d && net.direct[x * n + d].length > 0)
                via = Math.min(via, legOf(o, x, m) + net.minDur[x * n + d]);
            expect(reach.via(o, d)[m] >= 1 << 29 ? Number.POSITIVE_INFINITY : reach.via(o, d)[m]).toBe(via);
          }
        }
    }
  });

  it('reads a start time as its minute of the UTC day, rounded down', () => {
    expect(minuteOfDay(3 * DAY_MIN + 75.9)).toBe(75);
    expect(minuteOfDay(-1)).toBe(DAY_MIN - 1);
  });
});
