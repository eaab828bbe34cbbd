import { describe, expect, it } from 'vitest';
import {
  epochMinToIso,
  isoToEpochMin,
  NetworkError,
  toNetwork,
  toPlanOrder,
} from '../../../server/domain/convert';
import type { Airport, DailyFlight, OrderRecord } from '../../../server/domain/types';

const airport = (code: string, gmt: number): Airport => ({
  number: 1,
  code,
  city: code,
  country: '',
  shortName: '',
  gmt,
  capacity: 400,
  lat: 0,
  lon: 0,
  continent: 'America',
});
const flight = (origin: string, destination: string, dep: number, arr: number): DailyFlight => ({
  id: `${origin}-${destination}-${dep}`,
  origin,
  destination,
  depLocal: dep,
  arrLocal: arr,
  capacity: 300,
});
const AIRPORTS = [airport('SPIM', -5), airport('VIDP', 5), airport('EBCI', 2)];

describe('toNetwork', () => {
  it('converts local departure/arrival to UTC departure and duration, across midnight', () => {
    const net = toNetwork(AIRPORTS, [
      flight('SPIM', 'VIDP', 2 * 60 + 23, 11 * 60 + 29), // 07:23 UTC → 06:29 UTC next day
      flight('EBCI', 'SPIM', 60, 22 * 60), // 23:00 UTC previous day → 03:00 UTC
    ]);
    expect(net.flights.map((f) => [f.depUtcMin, f.durationMin])).toEqual([
      [7 * 60 + 23, 23 * 60 + 6],
      [23 * 60, 4 * 60],
    ]);
    expect(net.airports).toEqual([
      { code: 'SPIM', gmt: -5, capacity: 400, continent: 'America' },
      { code: 'VIDP', gmt: 5, capacity: 400, continent: 'America' },
      { code: 'EBCI', gmt: 2, capacity: 400, continent: 'America' },
    ]);
  });

  it('rejects a zero duration with a Spanish error naming the flight', () => {
    // 12:00 in Lima (-5) is 17:00 UTC; 19:00 in Brussels (+2) is also 17:00 UTC.
    expect(() => toNetwork(AIRPORTS, [flight('SPIM', 'EBCI', 720, 19 * 60)])).toThrow(NetworkError);
    expect(() => toNetwork(AIRPORTS, [flight('SPIM', 'EBCI', 720, 19 * 60)])).toThrow(
      /SPIM-EBCI-720.*duración 0 min/,
    );
  });

  it('rejects a flight whose airport is unknown', () => {
    expect(() => toNetwork(AIRPORTS, [flight('SPIM', 'LFPG', 0, 600)])).toThrow(/aeropuerto LFPG/);
  });
});

describe('toPlanOrder and ISO helpers', () => {
  const order: OrderRecord = {
    seq: 970313,
    destination: 'OPKC',
    year: 2025,
    month: 12,
    day: 23,
    hour: 0,
    minute: 5,
    quantity: 2,
    clientId: '0018234',
  };

  it('turns the local time at the destination into UTC epoch minutes and keys by destination + seq', () => {
    const p = toPlanOrder(order, 5);
    expect(p).toEqual({
      key: 'OPKC-000970313',
      destination: 'OPKC',
      releaseMin: isoToEpochMin('2025-12-22T19:05:00Z'),
      quantity: 2,
    });
    expect(epochMinToIso(p.releaseMin)).toBe('2025-12-22T19:05:00.000Z');
  });

  it('crosses year boundaries for negative offsets', () => {
    const p = toPlanOrder(
      { ...order, destination: 'SPIM', year: 2025, month: 12, day: 31, hour: 22, minute: 0 },
      -5,
    );
    expect(epochMinToIso(p.releaseMin)).toBe('2026-01-01T03:00:00.000Z');
  });

  it('reads ISO with offsets, and without offset as UTC; rejects garbage', () => {
    expect(isoToEpochMin('2025-12-22T21:05:00+02:00')).toBe(isoToEpochMin('2025-12-22T19:05:00Z'));
    expect(isoToEpochMin('2025-12-22T19:05')).toBe(isoToEpochMin('2025-12-22T19:05:00.000Z'));
    expect(isoToEpochMin('1970-01-01T00:01:59Z')).toBe(1);
    expect(() => isoToEpochMin('ayer')).toThrow(/no es ISO 8601/);
  });
});
