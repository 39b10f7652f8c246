/**
 * Takes a backup of the configured database into BACKUP_DIR, keeping the newest BACKUP_KEEP
 * (src/server/db/backup.ts).
 *
 *   npm run backup          # DATA_DIR (PGlite) or DATABASE_URL, configured as for the server
 *
 * PGlite: when a server holds DATA_DIR (its lock), the server takes the backup (SIGUSR1) and this waits for
 * the file; otherwise the directory is opened here. PostgreSQL: pg_dump, while the servers run.
 * Prints the backup's path; exits non-zero when none was written.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config.js";
import { listBackups, takeBackup } from "../src/server/db/backup.js";
import { openDatabase } from "../src/server/db/connect.js";
import { DataDirLockedError, LOCK_FILE } from "../src/server/db/data-dir-lock.js";

const WAIT_MS = 5 * 60_000;

async function askTheServer(dataDir: string, backupDir: string): Promise<string> {
  const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8"), 10);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no server pid in ${LOCK_FILE}`);
  const before = new Set(listBackups(backupDir));
  process.kill(pid, "SIGUSR1");
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const made = listBackups(backupDir).find((file) => !before.has(file));
    if (made) return made;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server (pid ${pid}) wrote no backup in ${WAIT_MS / 1000} s; see its log`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const target = {
    dir: config.backup.dir,
    keep: Math.max(1, config.backup.keep),
    databaseUrl: config.databaseUrl,
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stdout.write(`${await askTheServer(config.dataDir, config.backup.dir)}\n`);
      return;
    }
    throw error;
  }
  try {
    process.stdout.write(`${await takeBackup(database, target)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`innkeep: backup failed: ${(error as Error).message}\n`);
  process.exit(1);
});
