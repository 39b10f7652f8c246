import { getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./connect.js";

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer one with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A PostgreSQL array literal of `values` (`{"a","b"}`), sent as one parameter and cast (`::text[]`,
 * `::uuid[]`): each element quoted, its backslashes and double quotes escaped, so any text stays one element.
 */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/**
 * Values for `table`, keyed by its columns' names and mapped as Drizzle sends them: a row as the JSON a
 * database function reads with `jsonb_populate_record`.
 */
export function columnJson<T extends PgTable>(table: T, values: Partial<T["$inferInsert"]>): string {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    if (value === null || value === undefined) row[column.name] = null;
    // A json column's value is already JSON here: mapped, it would be stored as a string of JSON.
    else row[column.name] = column.dataType === "json" ? value : column.mapToDriverValue(value);
  }
  return JSON.stringify(row);
}

/** A row a raw query read from `table` (`select * …`), with each column mapped as Drizzle maps it. */
export function tableRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T["$inferSelect"] {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
