/**
 * A damaged DATA_DIR is refused, never re-initialised (data-dir-marker.ts): each case starts from a copy of
 * a real, migrated data directory with one thing broken, and checks the refusal and that the cluster on disk
 * is still the original one (pg_control begins with the cluster's system_identifier).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./connect.js";
import { LOCK_FILE } from "./data-dir-lock.js";
import { DataDirDamagedError, MARKER_FILE } from "./data-dir-marker.js";
import { queryRows } from "./rows.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-marker-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

let template: string;
let systemIdentifier: string;

/** The system_identifier at the start of pg_control (a little-endian uint64), or undefined without one. */
function identifierOnDisk(dataDir: string): string | undefined {
  const file = path.join(dataDir, "pglite/global/pg_control");
  if (!fs.existsSync(file)) return undefined;
  return fs.readFileSync(file).readBigUInt64LE(0).toString();
}

function markerOf(dataDir: string): { systemIdentifier: string } {
  return JSON.parse(fs.readFileSync(path.join(dataDir, MARKER_FILE), "utf8"));
}

function copyOfTemplate(): string {
  const dir = tempDir();
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** Opening must fail with the refusal, leave the cluster as it was, and release DATA_DIR. */
async function expectRefused(dataDir: string, problem: string | RegExp): Promise<string> {
  const identifierBefore = identifierOnDisk(dataDir);
  const error = await openPglite(dataDir).then(
    async (database) => {
      await database.close();
      throw new Error("DATA_DIR was opened");
    },
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(DataDirDamagedError);
  const message = (error as Error).message;
  expect(message).toContain(`DATA_DIR ${dataDir} holds an Innkeep database that cannot be used as it is`);
  expect(message).toMatch(problem);
  expect(message).toContain("Innkeep did not start and changed nothing there");
  expect(message).toContain("Restore the whole DATA_DIR from a backup");
  expect(identifierOnDisk(dataDir)).toBe(identifierBefore);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  return message;
}

beforeAll(async () => {
  template = tempDir();
  const database = await openPglite(template);
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select system_identifier::text as id from pg_control_system()`,
  );
  systemIdentifier = String(rows[0]?.id);
  await database.close();
}, 120_000);

describe("DATA_DIR marker", () => {
  it("is written for a new directory, recording the cluster's system_identifier", () => {
    expect(systemIdentifier).toMatch(/^\d+$/);
    expect(markerOf(template).systemIdentifier).toBe(systemIdentifier);
    expect(identifierOnDisk(template)).toBe(systemIdentifier);
  });

  it("lets a directory whose cluster matches start, and is added to a directory from before markers", async () => {
    const dataDir = copyOfTemplate();
    fs.rmSync(path.join(dataDir, MARKER_FILE));
    const database = await openPglite(dataDir);
    await database.close();
    expect(markerOf(dataDir).systemIdentifier).toBe(systemIdentifier);
    const again = await openPglite(dataDir);
    await again.close();
  }, 60_000);

  it.each([
    ["PG_VERSION", /pglite\/PG_VERSION is missing, so PGlite would start a new, empty database over it/],
    ["global/pg_control", /pglite\/global\/pg_control is missing/],
    // pg_class of the database the server uses (database oid 5, relfilenode 1259 in a new cluster).
    ["base/5/1259", /PGlite cannot open pglite\//],
  ])(
    "refuses a directory missing pglite/%s, and leaves it as it was",
    async (file, problem) => {
      const dataDir = copyOfTemplate();
      const victim = path.join(dataDir, "pglite", file);
      expect(fs.existsSync(victim)).toBe(true);
      fs.rmSync(victim);
      await expectRefused(dataDir, problem);
      expect(fs.existsSync(victim)).toBe(false); // not recreated by an initdb
      expect(markerOf(dataDir).systemIdentifier).toBe(systemIdentifier);
    },
    60_000,
  );

  it("refuses PGlite's files without their PG_VERSION even where no marker was written yet", async () => {
    const dataDir = copyOfTemplate();
    fs.rmSync(path.join(dataDir, MARKER_FILE));
    fs.rmSync(path.join(dataDir, "pglite/PG_VERSION"));
    await expectRefused(
      dataDir,
      /pglite\/PG_VERSION is missing, so PGlite would start a new, empty database over it/,
    );
    expect(fs.existsSync(path.join(dataDir, MARKER_FILE))).toBe(false);
  }, 60_000);

  it("refuses a cluster other than the one the marker records, naming both", async () => {
    const dataDir = copyOfTemplate();
    const other = "1234567890123456789";
    fs.writeFileSync(path.join(dataDir, MARKER_FILE), JSON.stringify({ systemIdentifier: other }));
    await expectRefused(
      dataDir,
      `pglite/ holds PostgreSQL cluster ${systemIdentifier}, but ${MARKER_FILE} records cluster ${other}`,
    );
    expect(markerOf(dataDir).systemIdentifier).toBe(other);
  }, 60_000);

  it("refuses a marker without its pglite/ directory, and a marker that cannot be read", async () => {
    const withoutCluster = tempDir();
    fs.copyFileSync(path.join(template, MARKER_FILE), path.join(withoutCluster, MARKER_FILE));
    await expectRefused(withoutCluster, `${MARKER_FILE} is there but pglite/ is missing or empty`);
    expect(fs.existsSync(path.join(withoutCluster, "pglite"))).toBe(false);

    const garbled = copyOfTemplate();
    fs.writeFileSync(path.join(garbled, MARKER_FILE), "{ not json");
    await expectRefused(garbled, `${MARKER_FILE} is not valid JSON`);
  }, 60_000);
});
