/**
 * The messages between the server's main thread and PGlite's thread (decision 032). Values cross by
 * structured clone, so the client's parsers (functions) stay on the database's side and errors cross as
 * their fields.
 */
import type { Results } from "@electric-sql/pglite";

/** What the database's thread starts from. */
export type PgliteStart = {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
  sharedBuffers: string;
};

export type Request = { id: number } & (
  | { op: "query"; text: string; params?: unknown[]; rowMode?: "array" | "object"; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "dump" }
  | { op: "close" }
);

/** A request's outcome; a notification on a channel listened to; the thread's signal that it has started. */
export type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { notify: string; payload: string }
  | { ready: true };

export type QueryResult = Results<unknown>;

/** An error's message, name and own fields (a PostgreSQL error's code, constraint, detail, …). */
export type SerializedError = { name: string; message: string; fields: Record<string, unknown> };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function") continue;
    if (typeof value === "object" && value !== null) continue; // e.g. a cause: not needed, maybe not cloneable
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error as the main thread throws it: the same message, name and fields (`code`, `constraint`, …). */
export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  return error;
}
