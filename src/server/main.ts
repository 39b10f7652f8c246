/**
 * Process entry point: validate configuration, open (and migrate) the database, serve, and shut down
 * gracefully on SIGTERM/SIGINT — in-flight requests finish, then the database is closed cleanly.
 */
import { buildApp } from "./app.js";
import { scheduleBackups } from "./backup-schedule.js";
import { ConfigError, loadConfig } from "./config.js";
import { type Database, openDatabase } from "./db/connect.js";
import { DataDirLockedError } from "./db/data-dir-lock.js";
import { loggerOptions } from "./http/logging.js";
import { startWatchdog } from "./watchdog.js";

function fail(message: string): never {
  process.stderr.write(`innkeep: cannot start: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof DataDirLockedError) fail(detail);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EROFS" || code === "EPERM")
      fail(`DATA_DIR ${config.dataDir} is not writable (${code})`);
    fail(
      config.databaseUrl
        ? `database at DATABASE_URL: ${detail}`
        : `database in DATA_DIR ${config.dataDir}: ${detail}`,
    );
  }

  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel),
    ...(config.automaticDayClose ? { dayCloses: {} } : {}),
  });

  let stopping = false;
  let stopWatchdog = async () => {};
  let stopBackups = () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await stopWatchdog();
    stopBackups();
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  stopBackups = scheduleBackups(database, config, app.log);
  // Watched from here on: opening and migrating a large database may keep the thread busy for a while.
  if (config.watchdogMs > 0) stopWatchdog = startWatchdog(config.watchdogMs);
  app.log.info(
    { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    "Innkeep is ready",
  );
}

void main();
