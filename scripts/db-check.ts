/**
 * Reads every table and index of the configured database and reports damage (src/server/db/integrity.ts).
 *
 *   npm run db:check                  # DATA_DIR (PGlite) or DATABASE_URL, loaded as the server loads them
 *
 * The database is opened the way the server opens it (src/server/db/connect.ts), so on PGlite the check
 * refuses to run while a server holds DATA_DIR's lock (two processes in one PGlite directory corrupt it), and
 * pending migrations are applied first. On PostgreSQL it can run beside the servers; B-tree indexes get a
 * deeper check when the amcheck extension is installed (`create extension amcheck`).
 *
 * Exit status: 0 nothing damaged; 1 damage found (the lines marked DAMAGED say where); 2 the check could not
 * run or finish (configuration, lock, connection, or an error that is not damage).
 */
import { ConfigError, loadConfig } from "../src/server/config.js";
import { type Database, openDatabase } from "../src/server/db/connect.js";
import { DataDirLockedError } from "../src/server/db/data-dir-lock.js";
import { databaseFault } from "../src/server/db/health-state.js";
import { checkIntegrity, type Finding } from "../src/server/db/integrity.js";

const EXIT_DAMAGED = 1;
const EXIT_CANNOT_CHECK = 2;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Where the data is, without a DATABASE_URL's user or password. */
function describeTarget(config: ReturnType<typeof loadConfig>): string {
  if (!config.databaseUrl) return `PGlite in DATA_DIR ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

const MARK: Record<Finding["outcome"], string> = {
  ok: "ok         ",
  damaged: "DAMAGED    ",
  "not reached": "not reached",
  failed: "FAILED     ",
};

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`db:check: ${error.message}\n`);
    return EXIT_CANNOT_CHECK;
  }
  print(`db:check: ${describeTarget(config)}`);
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`db:check: refusing to open the database: ${message}\n`);
      return EXIT_CANNOT_CHECK;
    }
    // A database too damaged to open (or migrate) is damage, not a setup problem.
    const damaged = databaseFault(error)?.kind === "corrupt";
    process.stderr.write(`db:check: ${damaged ? "DAMAGED: " : ""}cannot open the database: ${message}\n`);
    return damaged ? EXIT_DAMAGED : EXIT_CANNOT_CHECK;
  }
  try {
    const report = await checkIntegrity(database, (finding) =>
      print(`  ${MARK[finding.outcome]}  ${finding.kind} ${finding.name}: ${finding.detail}`),
    );
    const count = (outcome: Finding["outcome"]) =>
      report.findings.filter((f) => f.outcome === outcome).length;
    const tables = report.findings.filter((f) => f.kind === "table").length;
    print(
      `db:check: ${tables} tables and ${report.findings.length - tables} indexes: ${count("damaged")} damaged, ` +
        `${count("failed")} failed, ${count("not reached")} not reached` +
        (report.amcheck ? "" : " (amcheck not installed: indexes checked by forced scans)"),
    );
    if (count("damaged") > 0) return EXIT_DAMAGED;
    return count("failed") > 0 ? EXIT_CANNOT_CHECK : 0;
  } catch (error) {
    const damaged = databaseFault(error)?.kind === "corrupt";
    process.stderr.write(`db:check: ${damaged ? "DAMAGED: " : ""}${(error as Error).message}\n`);
    return damaged ? EXIT_DAMAGED : EXIT_CANNOT_CHECK;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
