/**
 * Restores a backup made by `npm run backup` into the configured database (src/server/db/backup.ts).
 *
 *   npm run restore -- BACKUP_FILE
 *
 * PGlite: the server must be stopped (DATA_DIR's lock says so). The current DATA_DIR is kept beside it as
 * DATA_DIR.before-restore-<time>, and the backup becomes DATA_DIR (with a new cluster marker).
 * PostgreSQL: pg_restore --clean into DATABASE_URL; stop the servers first.
 */
import fs from "node:fs";
import { loadConfig } from "../src/server/config.js";
import { POSTGRES_BACKUP, readPgliteBackup, restorePostgres } from "../src/server/db/backup.js";
import { openPglite } from "../src/server/db/connect.js";
import { acquireDataDirLock } from "../src/server/db/data-dir-lock.js";

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) throw new Error("name the backup file: npm run restore -- BACKUP_FILE");
  const config = loadConfig();
  if (config.databaseUrl) {
    if (!file.endsWith(POSTGRES_BACKUP)) throw new Error(`a PostgreSQL backup ends in ${POSTGRES_BACKUP}`);
    await restorePostgres(file, config.databaseUrl);
    process.stdout.write(`restored ${file} into DATABASE_URL\n`);
    return;
  }
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    // Refused here, with the holder's pid, while a server runs on it.
    const release = await acquireDataDirLock(dataDir);
    release();
    const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(dataDir, aside);
    process.stdout.write(`kept the previous DATA_DIR as ${aside}\n`);
  }
  const database = await openPglite(dataDir, { loadDataDir: await readPgliteBackup(file) });
  await database.close();
  process.stdout.write(`restored ${file} into DATA_DIR ${dataDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`innkeep: restore failed: ${(error as Error).message}\n`);
  process.exit(1);
});
