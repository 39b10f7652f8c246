/**
 * PGlite resumes the cluster in `DATA_DIR/pglite` only when it finds `PG_VERSION` there; otherwise it runs
 * initdb over the directory, and a hotel that lost one file would start empty and silently (sign-ins and
 * tokens stop working, nothing is logged). So Innkeep keeps its own marker, `DATA_DIR/innkeep-cluster.json`,
 * recording the cluster's identity (PostgreSQL's `system_identifier`, set by initdb and never changed), and
 * refuses to start:
 * - before PGlite opens the directory, when it holds data (the marker, or PGlite's files) but PGlite could
 *   not resume it (a file PGlite needs is missing), which is when PGlite would initialise a new cluster;
 * - when PGlite cannot open what is there (a missing catalog file, say);
 * - after it opened, when the cluster is not the one the marker records.
 * An empty directory starts a new hotel and gets its marker; one from before markers gets it on first start.
 * See decision 003.
 */
import fs from "node:fs";
import path from "node:path";

export class DataDirDamagedError extends Error {
  override name = "DataDirDamagedError";
}

export const MARKER_FILE = "innkeep-cluster.json";
export const PGLITE_DIR = "pglite";
/** Without PG_VERSION PGlite runs initdb over the directory; without pg_control PostgreSQL cannot start. */
const ESSENTIAL_FILES = ["PG_VERSION", "global/pg_control"];

type Marker = { systemIdentifier: string };

/** What DATA_DIR held before PGlite opened it. */
export type DataDirState = { kind: "new" } | { kind: "existing"; marker: Marker | undefined };

/** The refusal: names DATA_DIR, what is wrong, that nothing was changed, and what to do. */
export function damagedDataDir(dataDir: string, problem: string, cause?: unknown): DataDirDamagedError {
  return new DataDirDamagedError(
    `DATA_DIR ${dataDir} holds an Innkeep database that cannot be used as it is: ${problem}. ` +
      "Innkeep did not start and changed nothing there. " +
      `Restore the whole DATA_DIR from a backup (${PGLITE_DIR}/ and ${MARKER_FILE} together); to start an empty hotel instead, move DATA_DIR aside and start with an empty directory`,
    cause === undefined ? undefined : { cause },
  );
}

function readMarker(dataDir: string): Marker | undefined {
  const file = path.join(dataDir, MARKER_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw damagedDataDir(dataDir, `${MARKER_FILE} is not valid JSON`, error);
  }
  const id = (parsed as { systemIdentifier?: unknown } | null)?.systemIdentifier;
  if (typeof id !== "string" || !/^\d+$/.test(id)) {
    throw damagedDataDir(dataDir, `${MARKER_FILE} does not record a cluster identity`);
  }
  return { systemIdentifier: id };
}

/** Looks at DATA_DIR before PGlite opens it; throws DataDirDamagedError where PGlite would initialise. */
export function inspectDataDir(dataDir: string): DataDirState {
  const marker = readMarker(dataDir);
  const pgliteDir = path.join(dataDir, PGLITE_DIR);
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(pgliteDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (!marker && entries.length === 0) return { kind: "new" };
  if (entries.length === 0) {
    throw damagedDataDir(dataDir, `${MARKER_FILE} is there but ${PGLITE_DIR}/ is missing or empty`);
  }
  const missing = ESSENTIAL_FILES.filter((file) => !fs.existsSync(path.join(pgliteDir, file)));
  if (missing.length > 0) {
    const names = missing.map((file) => `${PGLITE_DIR}/${file}`).join(" and ");
    throw damagedDataDir(
      dataDir,
      `${names} ${missing.length > 1 ? "are" : "is"} missing, so PGlite would ${
        missing.includes("PG_VERSION") ? "start a new, empty database over it" : "fail to start it"
      }`,
    );
  }
  return { kind: "existing", marker };
}

/** Writes the marker so that a crash leaves either no marker or a whole one. */
function writeMarker(dataDir: string, systemIdentifier: string): void {
  const file = path.join(dataDir, MARKER_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  const content = {
    about:
      "Which PostgreSQL cluster belongs in pglite/ (its system_identifier). Innkeep refuses to start when they differ. Do not edit.",
    systemIdentifier,
    recordedAt: new Date().toISOString(),
  };
  const fd = fs.openSync(temporary, "w", 0o644);
  try {
    fs.writeSync(fd, `${JSON.stringify(content, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
  // The rename itself is durable only once the directory is synced (not possible on Windows).
  if (process.platform !== "win32") {
    const dir = fs.openSync(dataDir, "r");
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
  }
}

type Queryable = { query<T>(sql: string): Promise<{ rows: T[] }> };

/**
 * After PGlite opened DATA_DIR: checks the cluster against the marker, and writes the marker for a new
 * directory or one from before markers. Throws DataDirDamagedError on a mismatch.
 */
export async function confirmClusterIdentity(
  dataDir: string,
  state: DataDirState,
  client: Queryable,
): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    "select system_identifier::text as id from pg_control_system()",
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("PGlite returned no system_identifier");
  if (state.kind === "existing" && state.marker) {
    if (state.marker.systemIdentifier === id) return;
    throw damagedDataDir(
      dataDir,
      `${PGLITE_DIR}/ holds PostgreSQL cluster ${id}, but ${MARKER_FILE} records cluster ${state.marker.systemIdentifier} (${PGLITE_DIR}/ was replaced or re-initialised)`,
    );
  }
  writeMarker(dataDir, id);
}
