import { readFileSync } from 'node:fs';
import type { Airport, DailyFlight, OrderRecord } from '../../server/domain/types';
import { writeAirports } from '../../server/formats/airports';
import { writeFlights } from '../../server/formats/flights';
import { writeOrders } from '../../server/formats/orders';
import { encodeUtf16be } from '../../server/formats/text';
import { REAL_FILES } from './helpers';

/** Small networks written with the official writers, for cases the real files do not cover. */

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function airport(code: string, over: Partial<Airport> = {}): Airport {
  return {
    number: 1,
    code,
    city: code === 'SPIM' ? 'Lima' : code === 'LEMD' ? 'Madrid' : `Ciudad ${code}`,
    country: 'País',
    shortName: code.slice(0, 4).toLowerCase(),
    gmt: -5,
    capacity: 400,
    lat: -12,
    lon: -77,
    continent: 'America',
    ...over,
  };
}

/** SPIM (GMT-5), SKBO (GMT-5) in America and EBCI (GMT+2), LEMD (GMT+2) in Europe. */
export function smallAirports(extra: Airport[] = []): Airport[] {
  return [
    airport('SPIM', { number: 1, gmt: -5, lat: -12.02, lon: -77.11 }),
    airport('SKBO', { number: 2, gmt: -5, lat: 4.7, lon: -74.15 }),
    airport('EBCI', { number: 3, gmt: 2, lat: 50.46, lon: 4.45, continent: 'Europa' }),
    airport('LEMD', { number: 4, gmt: 2, lat: 40.47, lon: -3.56, continent: 'Europa' }),
    ...extra,
  ];
}

export const airportsFile = (airports: Airport[]): Uint8Array => encodeUtf16be(writeAirports(airports));

export function flight(
  origin: string,
  destination: string,
  dep: number,
  arr: number,
  capacity = 300,
): DailyFlight {
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    id: `${origin}-${destination}-${hhmm(dep)}`,
    origin,
    destination,
    depLocal: dep,
    arrLocal: arr,
    capacity,
  };
}

export const smallFlights = (): DailyFlight[] => [
  flight('SPIM', 'SKBO', 8 * 60, 11 * 60 + 30),
  flight('SKBO', 'EBCI', 13 * 60, 6 * 60 + 10, 360),
  flight('EBCI', 'LEMD', 9 * 60, 11 * 60, 320),
];

export const flightsFile = (flights: DailyFlight[]): Uint8Array => utf8(writeFlights(flights));

export function order(destination: string, seq: number, over: Partial<OrderRecord> = {}): OrderRecord {
  return {
    seq,
    destination,
    year: 2025,
    month: 12,
    day: 22,
    hour: 10,
    minute: 30,
    quantity: 3,
    clientId: '0001234',
    ...over,
  };
}

export const ordersFile = (orders: OrderRecord[]): Uint8Array => utf8(writeOrders(orders));

export const readReal = (which: keyof typeof REAL_FILES): Uint8Array =>
  new Uint8Array(readFileSync(REAL_FILES[which]));
