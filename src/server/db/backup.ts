/**
 * Backups (docs/operations.md): a consistent copy of the database in BACKUP_DIR, the newest BACKUP_KEEP kept.
 * - PGlite: the data directory as a gzipped tar, taken by the process that holds it (`dumpDataDir` runs with
 *   no statement in progress; a transaction open at that instant is rolled back when the copy is opened, as
 *   after a crash, so every committed change is in it). A running server takes one nightly and on SIGUSR1,
 *   which is how `npm run backup` asks it.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot while the server runs).
 * Files are written under a temporary name and renamed, so a backup is either whole or absent.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Database } from "./connect.js";

const PREFIX = "innkeep-";
export const PGLITE_BACKUP = ".tar.gz";
export const POSTGRES_BACKUP = ".pgdump";

/** `innkeep-20261126-031500.tar.gz`: names sort by time. */
export function backupName(kind: Database["kind"], at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${PREFIX}${stamp}${kind === "pglite" ? PGLITE_BACKUP : POSTGRES_BACKUP}`;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter(
      (name) => name.startsWith(PREFIX) && (name.endsWith(PGLITE_BACKUP) || name.endsWith(POSTGRES_BACKUP)),
    )
    .sort()
    .map((name) => path.join(dir, name));
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

/** Takes a backup into `dir` and keeps the newest `keep`. Answers the new file's path. */
export async function takeBackup(
  database: Database,
  target: { dir: string; keep: number; databaseUrl?: string },
  at = new Date(),
): Promise<string> {
  fs.mkdirSync(target.dir, { recursive: true });
  const file = path.join(target.dir, backupName(database.kind, at));
  const partial = `${file}.partial`;
  try {
    if (database.kind === "pglite") {
      if (!database.dump) throw new Error("this database cannot be dumped");
      const tar = await database.dump();
      await pipeline(
        // Web stream → Node stream: gzip as it is read, never the whole archive twice in memory.
        Readable.fromWeb(tar.stream() as never),
        zlib.createGzip(),
        fs.createWriteStream(partial),
      );
    } else {
      if (!target.databaseUrl) throw new Error("a PostgreSQL backup needs DATABASE_URL");
      await run("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, target.databaseUrl]);
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  for (const old of listBackups(target.dir).slice(0, -Math.max(1, target.keep))) fs.rmSync(old);
  return file;
}

/** Restores a PostgreSQL backup into the (empty or existing) database at `databaseUrl`. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  await run("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${databaseUrl}`, file]);
}

/** The PGlite data directory in a backup file, as PGlite loads it. */
export async function readPgliteBackup(file: string): Promise<Blob> {
  return new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
}

/** Milliseconds from `now` to the next `hour`:00 (server time) — when the nightly backup runs. */
export function untilHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}
