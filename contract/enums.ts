/**
 * The closed word lists of the wire. Kept free of the schema library so the browser can import the
 * values without bundling it; the schemas in this folder are built from these arrays.
 */

/** Continents of the airports file, as written there. */
export const CONTINENTS = ['America', 'Europa', 'Asia'] as const;

/** The three bulk files, by their path segment under /api. */
export const FILE_KINDS = ['vuelos', 'aereopuertos', 'pedidos'] as const;

/** How full a flight or warehouse is, emptiest first. */
export const LOAD_LEVELS = ['disponible', 'limitado', 'saturado'] as const;

export const RUN_MODES = ['operacion', 'semanal', 'colapso'] as const;

/**
 * Whether a mode's runs store each order's final plan (for the plan and orders downloads). A collapse
 * search makes about a million synthetic orders: storing each plan took four minutes of a search that
 * must answer in one. Its report, KPIs and hourly history are stored all the same.
 */
export const STORES_ORDER_PLANS: Readonly<Record<(typeof RUN_MODES)[number], boolean>> = {
  operacion: true,
  semanal: true,
  colapso: false,
};

/**
 * en_curso: the clock moves; pausada: an operator paused it; terminada: reached fin (or the collapse search
 * gave up); colapsada: collapse found; detenida: stopped or replaced by an operator; fallida: it could not
 * be built, restored or kept running.
 */
export const RUN_STATES = ['en_curso', 'pausada', 'terminada', 'colapsada', 'detenida', 'fallida'] as const;

/** What the live stream shows besides a run: the real-time view, or no run of that mode. */
export const LIVE_STATES = [...RUN_STATES, 'tiempo_real', 'sin_simulacion'] as const;

/** Where an order stands against its deadline. */
export const ORDER_STATES = ['a_tiempo', 'atrasado', 'sin_ruta', 'desde_stock', 'pendiente'] as const;

/** Why a collapse search stopped. */
export const COLLAPSE_KINDS = ['warehouse', 'flights', 'no-route'] as const;

/** The live stream's two formats: the spec's JSON array per tick, or the compact one (changes only). */
export const LIVE_FORMATS = ['arreglo', 'compacto'] as const;

/** Kinds of exception an order can be: planned late, with no route, or on time with little slack. */
export const EXCEPTION_TYPES = ['atrasado', 'sin_ruta', 'en_riesgo'] as const;

/** How the exceptions list can be sorted. */
export const EXCEPTION_ORDERS = ['holgura', 'destino', 'clave', 'productos', 'plazo'] as const;

/** Where an exception's products stand: still under way, all at the destination, or some without a route. */
export const EXCEPTION_STATES = ['en_transito', 'entregado', 'sin_ruta'] as const;
