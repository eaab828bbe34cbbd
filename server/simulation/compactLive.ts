import {
  type LiveEntryDto,
  type LiveNetworkDto,
  type LiveSnapshotDto,
  type LiveState,
  type LiveTickDto,
  LOAD_LEVELS,
} from '../../contract';
import { levelOf, type SimulationOptions } from './options';
import type { Airborne, ViewNetwork } from './view';

/**
 * The compact live stream: a flight's static facts are sent once (the plan's daily flights, by index),
 * then each tick carries only the flights that entered or left the list and the loads that changed.
 * The browser rebuilds the spec's flight list from these and the tick's instant, so both formats draw
 * the same map.
 */

export function networkDto(view: ViewNetwork, opts: Pick<SimulationOptions, 'colors'>): LiveNetworkDto {
  return {
    vuelos: view.flightIds.map((id, i) => [
      id,
      view.origin[i],
      view.destination[i],
      view.oLat[i],
      view.oLon[i],
      view.dLat[i],
      view.dLon[i],
      view.capacity[i],
      view.dur[i],
    ]),
    niveles: [...LOAD_LEVELS],
    colores: LOAD_LEVELS.map((l) => opts.colors[l]),
  };
}

export function entriesOf(
  view: ViewNetwork,
  airborne: readonly Airborne[],
  limit: number,
  opts: Pick<SimulationOptions, 'levels'>,
): LiveEntryDto[] {
  const n = Math.min(limit, airborne.length);
  const out: LiveEntryDto[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const a = airborne[k];
    const level = LOAD_LEVELS.indexOf(levelOf(a.load, view.capacity[a.i], opts.levels));
    out[k] = [a.i, a.dep, a.load, level];
  }
  return out;
}

// Daily flight indexes stay below 2^12 x 4 and departures below 2^31 minutes: one safe integer per instance.
const keyOf = (e: readonly [number, number, ...number[]]) => e[1] * 65_536 + e[0];

/** What every compact event carries besides the flights: the instant, the speed and what is shown. */
export interface SimClock {
  t: number | null;
  velocidad: number | null;
  /** Flights in the air at t, all of them: the map says how many of them its list shows. */
  enAire: number;
  estado: LiveState;
  simulacion: string | null;
}

/**
 * One (mode, limit) list as the compact clients know it. `advance` runs once per tick for all of them
 * and says what changed since the last; a change of plan (other flight indexes) asks for a new 'red'.
 */
export class CompactFeed {
  private entries = new Map<number, LiveEntryDto>();
  private view: ViewNetwork | null = null;
  /** Tick at which `entries` was last brought up to date. */
  tick = -1;

  /** The list as of the last update, for a client joining now. */
  snapshot(clock: SimClock): LiveSnapshotDto {
    return { ...clock, vuelos: [...this.entries.values()] };
  }

  /** Replaces the list without a diff (a client joins a list nobody was following). */
  reset(view: ViewNetwork | null, entries: LiveEntryDto[], tick: number): void {
    this.view = view;
    this.entries = new Map(entries.map((e) => [keyOf(e), e]));
    this.tick = tick;
  }

  /** The change since the last update, or 'red' when the plan itself changed. */
  advance(
    view: ViewNetwork | null,
    entries: LiveEntryDto[],
    tick: number,
    clock: SimClock,
  ): LiveTickDto | 'red' {
    if (view !== this.view) {
      this.reset(view, entries, tick);
      return 'red';
    }
    const next = new Map<number, LiveEntryDto>();
    const entran: LiveEntryDto[] = [];
    const carga: LiveEntryDto[] = [];
    for (const e of entries) {
      const key = keyOf(e);
      next.set(key, e);
      const before = this.entries.get(key);
      if (!before) entran.push(e);
      else if (before[2] !== e[2] || before[3] !== e[3]) carga.push(e);
    }
    const salen: [number, number][] = [];
    for (const [key, e] of this.entries) if (!next.has(key)) salen.push([e[0], e[1]]);
    this.entries = next;
    this.tick = tick;
    return { ...clock, entran, salen, carga };
  }
}
