/**
 * `npm run db:check` (scripts/db-check.ts) run as a process, as an operator runs it: 0 on a healthy database,
 * 1 with the damaged table or index named after a page is damaged on disk, 2 when it cannot check (PGlite's
 * DATA_DIR held by a server). PGlite in a DATA_DIR, and a throwaway PostgreSQL cluster where amcheck is
 * available (its B-tree check then runs inside a rolled-back transaction).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "../auth/sessions.js";
import { getOrCreateFirstProperty } from "../modules/properties/index.js";
import {
  type Cluster,
  clusterAvailable,
  createCluster,
  damagePage,
  damagePglitePage,
  startWithDatabase,
} from "../test/db-faults.js";
import { createReservation, createRoom, createRoomType } from "../test/factories.js";
import { type Database, openPglite, openPostgres } from "./connect.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

type Run = { code: number | null; stdout: string; stderr: string };

function dbCheck(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-check.ts"], {
      cwd: ROOT,
      // Empty means unset (config.ts): each run names exactly one database.
      env: { ...process.env, DATA_DIR: "", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A hotel with a guest, so the tables have pages to read. */
async function seed(database: Database): Promise<void> {
  const userId = await upsertUser(database.db, {
    issuer: "https://issuer.test",
    subject: "owner",
    email: "owner@example.com",
    emailVerified: true,
    displayName: "Owner",
  });
  const { property } = await getOrCreateFirstProperty(database.db, { id: userId, name: "Owner" });
  const type = await createRoomType(database.db, property.id);
  const room = await createRoom(database.db, property.id, { roomType: type });
  await createReservation(database.db, property.id, {
    room,
    checkInDate: "2029-02-01",
    checkOutDate: "2029-02-03",
    guestName: "Marguerite Okonkwo",
  });
}

describe("db:check on PGlite (DATA_DIR)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-db-check-"));
  beforeAll(async () => {
    const database = await openPglite(dataDir);
    await seed(database);
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("exits 0 on a healthy database, reading every table and index", async () => {
    const run = await dbCheck({ DATA_DIR: dataDir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ok +table reservations: 1 rows read/);
    expect(run.stdout).toMatch(/ok +index reservations_search_idx: 1 entries scanned/);
    expect(run.stdout).toMatch(/: 0 damaged, 0 failed, \d+ not reached/);
  });

  it("refuses (exit 2) while a server holds DATA_DIR", async () => {
    const server = await openPglite(dataDir);
    try {
      const run = await dbCheck({ DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("refusing to open the database");
      expect(run.stderr).toContain("in use by another Innkeep process");
    } finally {
      await server.close();
    }
  });

  it("exits 1 naming the table whose page is damaged", async () => {
    await damagePglitePage(dataDir, "reservations");
    const run = await dbCheck({ DATA_DIR: dataDir });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/DAMAGED +table reservations: XX001: invalid page in block 0/);
    expect(run.stdout).toMatch(/ok +table rooms: 1 rows read/);
    expect(run.stdout).toMatch(/not reached +index reservations_pkey: its table reservations is damaged/);
    expect(run.stdout).toMatch(/: 1 damaged, 0 failed/);
  });
});

describe.skipIf(!clusterAvailable())("db:check on PostgreSQL (DATABASE_URL)", () => {
  let cluster: Cluster;
  let url: string;

  beforeAll(async () => {
    cluster = await createCluster();
    url = await startWithDatabase(cluster, "innkeep");
    const database = await openPostgres(url, { poolSize: 1 });
    await seed(database);
    await database.close();
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  it("exits 0 on a healthy database, B-trees checked by amcheck and nothing left installed", async () => {
    const run = await dbCheck({ DATABASE_URL: url });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("index rooms_property_id_number_key: bt_index_check passed");
    expect(run.stdout).toMatch(/ok +index reservations_search_idx: 1 entries scanned/);
    expect(run.stdout).toMatch(/: 0 damaged, 0 failed, 0 not reached\n/);
    const database = await openPostgres(url, { poolSize: 1 });
    const installed = (await database.db.execute(
      sql`select count(*)::int as n from pg_extension where extname = 'amcheck'`,
    )) as unknown as { rows: { n: number }[] };
    await database.close();
    expect(installed.rows[0]?.n).toBe(0);
  });

  it("exits 1 naming a damaged table and a damaged index", async () => {
    const table = await cluster.relationFile("innkeep", "reservations");
    const index = await cluster.relationFile("innkeep", "rooms_property_id_number_key");
    await cluster.stop();
    damagePage(table);
    // Block 1: the index's only leaf (block 0 is the metapage, which every query on rooms would trip over).
    damagePage(index, 1);
    await cluster.start();
    const run = await dbCheck({ DATABASE_URL: url });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/DAMAGED +table reservations: XX001: invalid page in block 0/);
    expect(run.stdout).toMatch(/DAMAGED +index rooms_property_id_number_key: XX001: invalid page in block 1/);
    expect(run.stdout).toMatch(/ok +table rooms: 1 rows read/);
    // The damaged table's B-trees are checked on their own; reading them through the table would only repeat
    // its error.
    expect(run.stdout).toMatch(/ok +index reservations_pkey: bt_index_check passed \(index pages only\)/);
    expect(run.stdout).toMatch(
      /not reached +index reservations_search_idx: its table reservations is damaged/,
    );
    expect(run.stdout).toMatch(/: 2 damaged, 0 failed/);
  });
});
