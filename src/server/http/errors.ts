/**
 * The one place where failures become HTTP answers: AppError codes map through ERROR_STATUS, request
 * validation failures become 400 naming the field, database constraint violations that a client can
 * provoke become 4xx instead of 500, and a database that cannot be reached becomes 503 with Retry-After.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  AppError,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
  MESSAGES,
} from "../../domain/errors.js";
import { DAY_CLOSED, pgConstraint, pgDetail, pgErrorCode } from "../db/errors.js";
import { databaseFault } from "../db/health-state.js";

const SENTENCE_MESSAGES = new Set<string>(Object.values(MESSAGES));

/**
 * Seconds a client should wait before retrying while the database is unreachable: a PostgreSQL restart or
 * failover takes seconds, and the web client shows the body's message (src/web/api/client.ts).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable; try again in a few seconds";

function fromDatabase(sqlState: string | undefined): AppError | undefined {
  switch (sqlState) {
    case "23P01":
      return new AppError("room_unavailable", MESSAGES.roomNotAvailable);
    case "23505":
      return new AppError("conflict", "That record already exists");
    case "23503":
      return new AppError("not_found", MESSAGES.notFound);
    case "23514":
    case "22021":
    case "22P02":
    case "22007":
    case "22008":
    case "22003":
      return new AppError("validation", "The request contains an invalid value");
    case "53100": // disk_full: the database could not write; nothing of the request was kept
      return new AppError(
        "storage_full",
        "The database's disk is full: changes are refused until space is freed; everything can still be read",
      );
    default:
      return undefined;
  }
}

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Each invalid field once (its first problem), in the order the schema reported them. */
function fieldIssues(issues: Issue[], context: string | undefined): FieldIssue[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const path = issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") ?? "";
    const field = path || (context === "body" ? "" : (context ?? ""));
    if (!byField.has(field)) byField.set(field, issue.message ?? "Invalid value");
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** Past this length the message stops naming problems and counts the rest (`fields` holds them all). */
const MAX_VALIDATION_MESSAGE = 240;

/** The API's message names each field (docs/product.md#http-api): "checkInDate: …; adults: …". */
function validationMessage(fields: FieldIssue[]): string {
  const parts = fields.map(({ field, message }) =>
    field && !SENTENCE_MESSAGES.has(message) ? `${field}: ${message}` : message,
  );
  const [first, ...others] = parts;
  if (first === undefined) return "Invalid request";
  let text = first;
  for (const [index, part] of others.entries()) {
    if (text.length + part.length + 2 > MAX_VALIDATION_MESSAGE) {
      return `${text}; and ${others.length - index} more`;
    }
    text = `${text}; ${part}`;
  }
  return text;
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  // A write to a closed day, refused by the database whoever wrote (migration 0023): its DETAIL says what.
  if (pgConstraint(error) === DAY_CLOSED) return new AppError("day_closed", pgDetail(error));
  const dbError = fromDatabase(pgErrorCode(error));
  if (dbError) return dbError;
  if (databaseFault(error)?.kind === "unavailable")
    return new AppError("unavailable", DATABASE_UNAVAILABLE_MESSAGE);
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error) || fastifyError.validation) {
    const fields = fieldIssues((fastifyError.validation ?? []) as Issue[], fastifyError.validationContext);
    return new AppError(
      "validation",
      validationMessage(fields),
      fields.filter((issue) => issue.field !== ""),
    );
  }
  const status = fastifyError.statusCode;
  if (status === 415)
    return new AppError("unsupported_media_type", "Send the request body as application/json");
  if (status === 429) return new AppError("rate_limited", "Too many requests; try again in a minute");
  if (status && status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404
        ? "not_found"
        : status === 401
          ? "unauthenticated"
          : status === 403
            ? "forbidden"
            : "validation";
    return new AppError(code, status === 413 ? "The request body is too large" : fastifyError.message);
  }
  return undefined;
}

/**
 * `fields` lists the invalid fields for forms; a problem the product states in its own words (the SPEC's
 * "Check-out must be after check-in") is its message alone, so that answer stays exactly as documented.
 */
export function errorBody(error: AppError): ErrorBody {
  const fields = error.fields.filter((issue) => !SENTENCE_MESSAGES.has(issue.message));
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(fields.length > 0 ? { fields } : {}),
    },
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError) {
      // The rate limiter says when its window frees up; other 429s fall back to a minute.
      if (appError.status === 429 && !reply.hasHeader("retry-after")) reply.header("retry-after", "60");
      if (appError.code === "unavailable") {
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        // An outage is worth a line per request (the serializer drops the query's parameters).
        if (!(error instanceof AppError)) request.log.warn({ err: error }, "database unavailable");
      }
      return reply.status(appError.status).send(errorBody(appError));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(ERROR_STATUS.internal)
      .send(errorBody(new AppError("internal", "Something went wrong")));
  });
}
