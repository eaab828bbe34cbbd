/**
 * The exceptions list's knobs, shared by the server (defaults, limits) and the browser (what it asks for).
 * Schema-free so the browser imports them as values.
 */

/** An on-time order is at risk when it is ready for pickup less than this before its deadline (6 h). */
export const AT_RISK_SLACK_DEFAULT_MIN = 360;
/** Largest threshold one may ask for: a week. */
export const AT_RISK_SLACK_MAX_MIN = 7 * 24 * 60;
/** Rows per page: default and most. */
export const EXCEPTIONS_PAGE_DEFAULT = 100;
export const EXCEPTIONS_PAGE_MAX = 500;
/** Rows per page of an airport's warehouse contents. */
export const WAREHOUSE_PAGE_DEFAULT = 50;
export const WAREHOUSE_PAGE_MAX = 500;
