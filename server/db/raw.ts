/**
 * The few raw operations that differ between PGlite and node-postgres: multi-statement SQL
 * (migrations), explicit transactions on one connection, and COPY for bulk loads. Everything else
 * goes through drizzle.
 */
export interface RawSession {
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `COPY table (columns) FROM STDIN` in text format, fed with `chunks` (tab-separated, one row per
   * line, already escaped). Returns the rows copied. PGlite reads them from a blob, node-postgres
   * streams them: the fastest way into either.
   */
  copyIn(table: string, columns: readonly string[], chunks: readonly Uint8Array[]): Promise<number>;
}

export interface RawDb extends RawSession {
  transaction<T>(fn: (tx: RawSession) => Promise<T>): Promise<T>;
}
