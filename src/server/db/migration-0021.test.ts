/**
 * Migration 0021 on stays written before guest profiles existed, on PGlite and PostgreSQL: every stay gets a
 * profile; stays of one property with the same non-empty email (any case) share one, named as the newest of
 * them; stays without an email get one each; another property's stays never share. The stays hold no room
 * (cancelled, checked out), so the inventory rules need no rooms here.
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleLite } from "drizzle-orm/pglite";
import { migrate as migrateLite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresDatabase } from "../test/harness.js";
import { MIGRATIONS, migrationsBefore } from "../test/migrations.js";

type Client = {
  exec(sql: string): Promise<unknown>;
  rows<T>(sql: string): Promise<T[]>;
  /** Runs the migrations in `folder`. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

async function pgliteClient(): Promise<Client> {
  const client = await PGlite.create({ extensions: { btree_gist, btree_gin, pg_trgm } });
  return {
    exec: (sql) => client.exec(sql),
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    migrate: (folder) => migrateLite(drizzleLite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresClient(): Promise<Client> {
  const database = await createPostgresDatabase({ empty: true });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    exec: (sql) => client.query(sql),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

const OPENERS = { pglite: pgliteClient, postgres: postgresClient } as const;
const BACKENDS = inject("backends").filter((backend): backend is keyof typeof OPENERS => backend in OPENERS);

const P1 = "10000000-0000-4000-8000-000000000001";
const P2 = "10000000-0000-4000-8000-000000000002";

describe.each(BACKENDS)("migration 0021: guest profiles [%s]", (backend) => {
  let client: Client;
  let before: string;
  beforeAll(async () => {
    client = await OPENERS[backend]();
    before = migrationsBefore("0021_guests");
    await client.migrate(before);
    await client.exec(`
      insert into users (id, issuer, subject) values ('00000000-0000-4000-8000-000000000001', 'i', 'owner');
      insert into properties (id, owner_id, name, code, currency, time_zone) values
        ('${P1}', '00000000-0000-4000-8000-000000000001', 'Inn', 'PROP-1', 'INR', 'Asia/Kolkata'),
        ('${P2}', '00000000-0000-4000-8000-000000000001', 'Annex', 'PROP-2', 'INR', 'Asia/Kolkata');
      insert into reservations (property_id, id, code, guest_name, guest_phone, guest_email, adults, children,
                                check_in_date, check_out_date, nights, status, total, balance, nightly_rates,
                                created_at) values
        ('${P1}', '20000000-0000-4000-8000-00000000000a', 'RES-AAAA1', 'Asha Rao', '+91 1', 'asha@example.com',
         2, 0, '2030-01-01', '2030-01-02', 1, 'checked_out', 100, 100, '{100}', '2029-01-01T10:00:00Z'),
        ('${P1}', '20000000-0000-4000-8000-00000000000b', 'RES-AAAA2', 'Asha R.', '+91 2', 'ASHA@Example.com',
         2, 0, '2030-02-01', '2030-02-02', 1, 'cancelled', 100, 100, '{100}', '2029-06-01T10:00:00Z'),
        ('${P1}', '20000000-0000-4000-8000-00000000000c', 'RES-BBBB1', 'Ravi', '', '',
         1, 0, '2030-03-01', '2030-03-02', 1, 'cancelled', 100, 100, '{100}', '2029-02-01T10:00:00Z'),
        ('${P1}', '20000000-0000-4000-8000-00000000000d', 'RES-BBBB2', 'Ravi', '', '',
         1, 0, '2030-04-01', '2030-04-02', 1, 'cancelled', 100, 100, '{100}', '2029-03-01T10:00:00Z'),
        ('${P2}', '20000000-0000-4000-8000-00000000000e', 'RES-CCCC1', 'Asha Rao', '', 'asha@example.com',
         2, 0, '2030-01-01', '2030-01-02', 1, 'cancelled', 100, 100, '{100}', '2029-04-01T10:00:00Z');
    `);
    await client.migrate(MIGRATIONS);
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it("gives every stay a profile, shared by the stays of one email in one property", async () => {
    const stays = await client.rows<{ code: string; guest_id: string; property_id: string }>(
      "select code, guest_id, property_id from reservations order by code",
    );
    const guestOf = Object.fromEntries(stays.map((stay) => [stay.code, stay.guest_id]));
    expect(guestOf["RES-AAAA1"]).toBe(guestOf["RES-AAAA2"]);
    expect(new Set(Object.values(guestOf)).size).toBe(4);
    const profiles = await client.rows<{
      property_id: string;
      name: string;
      email: string;
      phone: string;
      created_at: Date;
    }>("select property_id, name, email, phone, created_at from guests order by property_id, name");
    expect(profiles.map(({ created_at, ...rest }) => rest)).toEqual([
      // The newest stay names the shared profile; the first stay dates it.
      { property_id: P1, name: "Asha R.", email: "ASHA@Example.com", phone: "+91 2" },
      { property_id: P1, name: "Ravi", email: "", phone: "" },
      { property_id: P1, name: "Ravi", email: "", phone: "" },
      { property_id: P2, name: "Asha Rao", email: "asha@example.com", phone: "" },
    ]);
    expect(new Date(profiles[0]?.created_at ?? 0).toISOString()).toBe("2029-01-01T10:00:00.000Z");
  });

  it("leaves each stay showing its profile's name, phone and email", async () => {
    const mismatched = await client.rows<{ code: string }>(
      `select r.code from reservations r join guests g on g.property_id = r.property_id and g.id = r.guest_id
       where (r.guest_name, r.guest_phone, r.guest_email) is distinct from (g.name, g.phone, g.email)`,
    );
    expect(mismatched).toEqual([]);
    const [first] = await client.rows<{ guest_name: string }>(
      "select guest_name from reservations where code = 'RES-AAAA1'",
    );
    expect(first?.guest_name).toBe("Asha R.");
  });

  it("requires a profile of the stay's own property from now on", async () => {
    await expect(
      client.exec(`update reservations set guest_id = (select id from guests where property_id = '${P2}')
                   where code = 'RES-BBBB1'`),
    ).rejects.toThrow(/guest/);
  });
});
