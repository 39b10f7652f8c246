import type { SQL } from "drizzle-orm";
import type { Db } from "./connect.js";

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer one with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
