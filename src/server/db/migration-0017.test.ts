/**
 * Migration 0017 on data written before it: tokens that nothing bounds (no creator, a creator who left, or
 * one whose role no longer covers the token's) are revoked and the rest kept; stored idempotent answers that
 * carried a secret keep only the record's id and name.
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS, migrationsBefore } from "../test/migrations.js";

describe("migration 0017: token lifetime and secrets", () => {
  let client: PGlite;
  let before: string;
  beforeAll(async () => {
    client = await PGlite.create({ extensions: { btree_gist, btree_gin, pg_trgm } });
    before = migrationsBefore("0017_token_lifetime_and_secrets");
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it("revokes the tokens nothing bounds, keeps the rest, and drops stored secrets", async () => {
    await client.exec(`
      insert into users (id, issuer, subject, email) values
        ('00000000-0000-4000-8000-000000000001', 'i', 'owner', 'owner@example.com'),
        ('00000000-0000-4000-8000-000000000002', 'i', 'clerk', 'clerk@example.com'),
        ('00000000-0000-4000-8000-000000000003', 'i', 'gone', 'gone@example.com');
      insert into properties (id, owner_id, name, code, currency, time_zone) values
        ('10000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', 'Inn', 'PROP-1',
         'INR', 'Asia/Kolkata');
      insert into property_members (property_id, user_id, role) values
        ('10000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', 'owner'),
        ('10000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000002', 'front_desk');
      insert into api_tokens (property_id, name, role, token_hash, created_by) values
        ('10000000-0000-4000-8000-000000000000', 'owner manager', 'manager', 'h1', '00000000-0000-4000-8000-000000000001'),
        ('10000000-0000-4000-8000-000000000000', 'clerk desk', 'front_desk', 'h2', '00000000-0000-4000-8000-000000000002'),
        ('10000000-0000-4000-8000-000000000000', 'clerk manager', 'manager', 'h3', '00000000-0000-4000-8000-000000000002'),
        ('10000000-0000-4000-8000-000000000000', 'by a token', 'housekeeping', 'h4', null),
        ('10000000-0000-4000-8000-000000000000', 'left', 'housekeeping', 'h5', '00000000-0000-4000-8000-000000000003');
      insert into idempotency_keys (principal, key, request_hash, response_status, response_body) values
        ('p', 'token', 'r', 201, '{"id":"t1","name":"Sync","role":"manager","token":"ikt_secretvalue"}'),
        ('p', 'hook', 'r', 201, '{"id":"w1","url":"https://x.invalid","secret":"whsec_secretvalue"}'),
        ('p', 'stay', 'r', 201, '{"id":"s1","code":"RES-AAAAA"}');
    `);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });

    const tokens = await client.query<{ name: string }>("select name from api_tokens order by name");
    expect(tokens.rows.map((row) => row.name)).toEqual(["clerk desk", "owner manager"]);
    const stored = await client.query<{ key: string; response_body: string }>(
      "select key, response_body from idempotency_keys order by key",
    );
    expect(stored.rows.map((row) => [row.key, JSON.parse(row.response_body)])).toEqual([
      ["hook", { id: "w1", name: null }],
      ["stay", { id: "s1", code: "RES-AAAAA" }],
      ["token", { id: "t1", name: "Sync" }],
    ]);
    expect(JSON.stringify(stored.rows)).not.toMatch(/secretvalue/);
  });
});
