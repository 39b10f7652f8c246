/**
 * What the hardening tests compare before and after an attack or a fault: every table's row count, and
 * everything one tenant owns.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";

export const TABLES = [
  "users",
  "sessions",
  "properties",
  "property_members",
  "room_types",
  "rooms",
  "guests",
  "reservations",
  "rate_overrides",
  "invitations",
  "activity",
  "room_blocks",
  "payments",
  "tax_rates",
  "products",
  "rate_plans",
  "folio_charges",
  "invoices",
  "invoiced_lines",
  "invoice_counters",
  "day_closes",
] as const;
export type RowCounts = Record<(typeof TABLES)[number], number>;

function rowsOf<T>(result: unknown): T[] {
  // Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`.
  return (result as { rows: T[] }).rows;
}

/** Row count of every table, in one statement. */
export async function rowCounts(db: Db): Promise<RowCounts> {
  const columns = TABLES.map((table) => `(select count(*) from ${table})::int as ${table}`).join(", ");
  const [row] = rowsOf<RowCounts>(await db.execute(sql.raw(`select ${columns}`)));
  if (!row) throw new Error("row count query returned nothing");
  return row;
}

/** The tables whose rows belong to one property (all but the accounts and the properties themselves). */
const TENANT_TABLES = TABLES.filter(
  (table) => table !== "users" && table !== "sessions" && table !== "properties",
);
/**
 * Tables whose bookkeeping columns move by themselves: a token's lastUsedAt (using a token is not a write),
 * a subscription's delivery lease (the relay). Their other columns are compared.
 */
const TENANT_COLUMNS: Record<string, string> = {
  api_tokens: "id, name, role, token_hash, created_by, created_at, expires_at",
  webhooks: "id, url, events, active, secret, created_at",
  webhook_deliveries: "id, webhook_id, event_id, event_seq, created_at",
};

/** Every row a tenant owns, as one comparable string (ordered, all columns). */
export async function tenantSnapshot(db: Db, propertyId: string): Promise<string> {
  const parts = [
    `(select json_agg(t) from (select * from properties where id = '${propertyId}') t)`,
    ...TENANT_TABLES.map(
      (table) =>
        `(select json_agg(t order by t::text) from (select * from ${table} where property_id = '${propertyId}') t)`,
    ),
    ...Object.entries(TENANT_COLUMNS).map(
      ([table, columns]) =>
        `(select json_agg(t order by t::text) from (select ${columns} from ${table} where property_id = '${propertyId}') t)`,
    ),
  ];
  const [row] = rowsOf<{ snapshot: unknown }>(
    await db.execute(sql.raw(`select json_build_array(${parts.join(", ")}) as snapshot`)),
  );
  return JSON.stringify(row?.snapshot);
}
