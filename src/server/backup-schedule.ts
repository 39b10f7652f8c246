/**
 * The running server's backups (db/backup.ts): one every night at BACKUP_HOUR, and one whenever the process
 * gets SIGUSR1 (`npm run backup` sends it to the server holding DATA_DIR). One at a time.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import { takeBackup, untilHour } from "./db/backup.js";
import type { Database } from "./db/connect.js";

export function scheduleBackups(database: Database, config: Config, log: FastifyBaseLogger): () => void {
  let running: Promise<void> | null = null;
  const backup = (reason: string) => {
    if (running) return;
    running = takeBackup(database, {
      dir: config.backup.dir,
      keep: Math.max(1, config.backup.keep),
      databaseUrl: config.databaseUrl,
    })
      .then(
        (file) => log.info({ file, reason }, "backup written"),
        (err: unknown) => log.error({ err, reason }, "backup failed"),
      )
      .finally(() => {
        running = null;
      });
  };
  const onSignal = () => backup("requested");
  process.on("SIGUSR1", onSignal);
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(
      () => {
        backup("nightly");
        arm();
      },
      untilHour(new Date(), config.backup.hour),
    );
    timer.unref();
  };
  if (config.backup.keep > 0) arm();
  return () => {
    process.off("SIGUSR1", onSignal);
    clearTimeout(timer);
  };
}
