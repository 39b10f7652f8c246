// Bulk inserts for the seeders: rows sent as one JSON document a statement, the same SQL on PGlite and
// PostgreSQL (json_to_recordset).
import type { Exec } from "./backends.js";

export const BATCH = 10_000;

export type Column = [name: string, type: string];

export async function insertJson<R extends Record<string, unknown> = Record<string, unknown>>(
  exec: Exec,
  table: string,
  columns: Column[],
  rows: readonly unknown[],
  returning = "",
): Promise<R[]> {
  const out: R[] = [];
  const names = columns.map(([name]) => name).join(", ");
  const types = columns.map(([name, type]) => `${name} ${type}`).join(", ");
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await exec<R>(
      `insert into ${table} (${names}) select ${names} from json_to_recordset($1::json) as x(${types}) ${returning}`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    );
    out.push(...result.rows);
  }
  return out;
}
