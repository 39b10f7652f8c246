/**
 * The server's logger options (main.ts) and the serializers that keep guest data out of every log line.
 *
 * A failed query reaches the log as drizzle's DrizzleQueryError (node_modules/drizzle-orm/errors.js), whose
 * message is `Failed query: <sql>\nparams: <values>` and which also carries the values as `params`: guests'
 * names, phone numbers and notes. PostgreSQL's own errors can carry row values in `detail` ("Failing row
 * contains (…)", "Key (email)=(…) already exists") and `where`. The `err` serializer therefore copies only an
 * allow-list of fields and cuts the parameters out of the message and stack, wherever the error is logged
 * (error handler, background jobs, Fastify itself). Request URLs are logged without their query values, which
 * hold search text (`?q=<guest name>`).
 */
import type { FastifyError, FastifyRequest, FastifyServerOptions } from "fastify";

/** Fields of an error (and its causes) that say what failed without quoting data. */
const SAFE_FIELDS = [
  "code",
  "errno",
  "syscall",
  "address",
  "port",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
  "statusCode",
  "query",
] as const;

const REDACTED = "[redacted]";

type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

/** drizzle's message with its `params:` part (everything after it, newlines included) replaced. */
function redactMessage(message: string): string {
  const at = message.search(/(^|\n)params: /);
  if (at < 0) return message;
  return `${message.slice(0, at)}${at === 0 ? "" : "\n"}params: ${REDACTED}`;
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === "object" && value !== null && typeof (value as Error).message === "string";
}

function serializeOne(error: Error): SerializedError {
  const message = redactMessage(error.message);
  const type = error.constructor?.name ?? error.name;
  const stack = typeof error.stack === "string" ? error.stack : "";
  const serialized: SerializedError = {
    type,
    message,
    // The stack opens with the message, parameters included: keep only its frames after a redacted one.
    stack:
      message === error.message
        ? stack
        : [`${type}: ${message}`, ...stack.split("\n").filter((line) => /^\s+at /.test(line))].join("\n"),
  };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") serialized[field] = value;
  }
  return serialized;
}

/**
 * Replaces pino's standard `err` serializer: the error and up to four causes (and an AggregateError's
 * errors), each reduced to its safe fields. Non-errors pass through as pino's serializer would pass them.
 */
export function serializeError<T>(value: T): T | SerializedError {
  if (!isErrorLike(value)) return value;
  const top = serializeOne(value);
  const causes: SerializedError[] = [];
  const seen = new Set<unknown>([value]);
  let cause = (value as { cause?: unknown }).cause;
  while (isErrorLike(cause) && !seen.has(cause) && causes.length < 4) {
    seen.add(cause);
    causes.push(serializeOne(cause));
    cause = (cause as { cause?: unknown }).cause;
  }
  if (causes.length > 0) {
    // As pino's own serializer does: one message and one stack telling the whole chain.
    top.message = [top.message, ...causes.map((c) => c.message)].join(": ");
    top.stack = [top.stack, ...causes.map((c) => c.stack)].filter(Boolean).join("\ncaused by: ");
    top.causes = causes.map(({ stack: _stack, ...rest }) => rest);
  }
  const nested = (value as { errors?: unknown }).errors;
  if (Array.isArray(nested)) top.aggregateErrors = nested.filter(isErrorLike).slice(0, 8).map(serializeOne);
  return top;
}

/** A URL with each query value replaced: `/api/x?q=Smith&limit=5` → `/api/x?q=[redacted]&limit=[redacted]`. */
export function redactQuery(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const keys = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=${REDACTED}`);
  return `${url.slice(0, at)}?${keys.join("&")}`;
}

/** Fastify's own request serializer (node_modules/fastify/lib/logger-pino.js), the URL's query redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.["accept-version"];
  return {
    method: request.method,
    url: redactQuery(request.url),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify types the `err` serializer as taking its own errors; background jobs log any error under `err`. */
const serializeLoggedError = (error: FastifyError) => serializeError(error) as SerializedError;

/** The production logger: `level`, the redacting serializers, and header redaction as a second line. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  return {
    level,
    serializers: { err: serializeLoggedError, error: serializeError, req: serializeRequest },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  };
}
