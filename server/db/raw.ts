/**
 * The few raw operations that differ between PGlite and node-postgres: multi-statement SQL
 * (migrations) and explicit transactions on one connection. Everything else goes through drizzle.
 */
export interface RawSession {
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface RawDb extends RawSession {
  transaction<T>(fn: (tx: RawSession) => Promise<T>): Promise<T>;
}
