/**
 * Domain records shared by the parsers, the database layer, the planner and the simulation.
 * Time inside the server is integer "epoch minutes": minutes since 1970-01-01T00:00Z (UTC).
 * Files carry LOCAL times; conversion uses the airport's fixed GMT offset from the airports file.
 */

import type { CONTINENTS } from '../../contract/enums';

export type Continent = (typeof CONTINENTS)[number];

/** One line of the airports / time-zone file. */
export interface Airport {
  /** Position number in the file (01, 02, ...). */
  number: number;
  /** ICAO code, e.g. SPIM. */
  code: string;
  city: string;
  country: string;
  shortName: string;
  /** Fixed GMT offset in whole hours (no DST), as written in the file. */
  gmt: number;
  /** Warehouse capacity in products. */
  capacity: number;
  /** Decimal degrees, south negative. */
  lat: number;
  /** Decimal degrees, west negative. */
  lon: number;
  continent: Continent;
}

/** One line of the flight plan: a flight that repeats every day. */
export interface DailyFlight {
  /** ORIG-DEST-HH:MM (departure local time): unique per plan. */
  id: string;
  origin: string;
  destination: string;
  /** Departure, minutes after local midnight at the origin (0..1439). */
  depLocal: number;
  /** Arrival, minutes after local midnight at the destination (0..1439). */
  arrLocal: number;
  capacity: number;
}

/** One line of an order file. Identity = destination + seq (seq repeats across per-destination files). */
export interface OrderRecord {
  seq: number;
  destination: string;
  /** Local date-time at the destination, as written. */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  quantity: number;
  /** 7-digit client id, kept as text (leading zeros matter). */
  clientId: string;
}

/** One line of a cancellations file: day of month + flight id. */
export interface CancellationRecord {
  day: number;
  flightId: string;
}

/** A problem found in an input file. Messages are Spanish, for operators. */
export interface ParseIssue {
  /** 1-based line number in the file. */
  line: number;
  /** Field name (e.g. "capacidad") or column, when known. */
  field?: string;
  column?: number;
  message: string;
  /** The offending line as it was read (shortened). */
  text?: string;
}

export interface ParseResult<T> {
  records: T[];
  errors: ParseIssue[];
}

/** Digits of an order's sequence number in its key (the file format's width). */
export const ORDER_SEQ_DIGITS = 9;

export const orderKey = (destination: string, seq: number): string =>
  `${destination}-${String(seq).padStart(ORDER_SEQ_DIGITS, '0')}`;
