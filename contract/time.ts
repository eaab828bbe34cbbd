/**
 * The wire's time unit and its multiples. Instants travel as ISO strings or as epoch minutes (minutes
 * since 1970-01-01T00:00Z); both sides count days and weeks in minutes.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MIN = 60;
export const DAY_MIN = 24 * HOUR_MIN;
export const DAY_MS = DAY_MIN * MINUTE_MS;
export const WEEK_MIN = 7 * DAY_MIN;

/**
 * Calendar years an input date may fall in (order files, run starts): far-future dates are typing
 * mistakes, and their epoch minutes would not fit the database's 32-bit columns.
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;
