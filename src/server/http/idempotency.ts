/**
 * `Idempotency-Key` on the POSTs under /api/properties/:pid (docs/product.md#idempotency): the same caller
 * sending the same key with the same request gets the first answer again, and nothing runs twice; the same
 * key with another request is 422 `idempotency_key_reused`. A POST without the header is untouched.
 *
 * The hooks run after authentication and the property guard (onRequest) and after body validation
 * (preHandler), so refused requests are never stored. Protocol: a keyed request runs in one transaction
 * (src/server/http/request-transaction.ts) that claims the key, does the work and stores the answer as it is
 * about to be sent, then commits, before the answer goes out. Whatever crashes, the key and the work commit
 * together or not at all: a retry replays the committed answer or runs afresh, and a failed request leaves
 * nothing to give back. A 4xx answer rolls the work back to the claim and is stored; a 5xx (or a 429) rolls
 * everything back, so a retry runs. A concurrent request with the same key waits on the key's row.
 * A route whose answer carries a secret says so (`answerCarriesSecret`): of its answer only the record's id
 * and name are stored, and a replay is 409 naming the record. See docs/decisions/015-idempotency-keys.md.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors.js";
import type { Db } from "../db/connect.js";
import { pgErrorCode } from "../db/errors.js";
import { claimKey, findKey, type KeyId, purgeExpired, storeAnswer } from "./idempotency-store.js";
import { openRequestTransaction, type RequestTransaction, runInTransaction } from "./request-transaction.js";

/**
 * A route whose answer carries a secret shown only once (an API token, a webhook signing secret,
 * a booking's manage token), declared in its options: `config: { answerCarriesSecret: { record, ifLost } }`.
 */
export type SecretAnswer = {
  /** What the answer created, as the replay's message names it: "API token". */
  record: string;
  /** What the caller does when the secret was lost: "revoke this token and create another". */
  ifLost: string;
};

declare module "fastify" {
  interface FastifyContextConfig {
    answerCarriesSecret?: SecretAnswer;
    /** The route refuses a POST without an `Idempotency-Key` (400): a public booking must never run twice. */
    idempotencyKeyRequired?: boolean;
  }
}

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** RFC 5234 VCHAR: printable ASCII without the space. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 60_000;
/** A keyed request still unsettled after this long is rolled back (a lost hook must not hold the database). */
const SETTLE_WITHIN_MS = 60_000;
const WORK = "idempotent_work";

export type IdempotencyOptions = {
  /** Whose keys a request's are (a key is unique per principal); null: the request is not keyed. */
  principal?: (request: FastifyRequest) => string | null;
  /**
   * How long a request waits for a concurrent one holding the same key before answering 409 (PostgreSQL:
   * the key's row lock; on PGlite the one connection serialises them, so the second waits for the first).
   */
  waitMs?: number;
};

/** The JSON text of a value with object keys sorted, so that key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    const record = item as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });
}

/** What makes two requests "the same": method, concrete path, and the body as validation left it. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(canonicalJson([method, path, body ?? null]))
    .digest("hex");
}

/** The route's URL with its (validated) params filled in: the same resource however the URL was spelled. */
function concretePath(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const route = request.routeOptions.url ?? request.url.split("?")[0] ?? "";
  return route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}

function principalOf(request: FastifyRequest): string | null {
  if (request.apiToken) return `token:${request.apiToken.id}`;
  if (request.user) return `user:${request.user.id}`;
  return null;
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !KEY_PATTERN.test(header)) {
    throw new AppError("validation", "Idempotency-Key: must be 1 to 255 visible ASCII characters");
  }
  return header;
}

/** The body as it will go out, or undefined when it is a stream (it cannot be stored; the claim is released). */
function bodyText(payload: unknown): string | null | undefined {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return typeof (payload as Readable).pipe === "function" ? undefined : String(payload);
}

type Answer = { status: number; body: string | null };
/** What is kept of an answer that carried a secret: enough to name the record, nothing else. */
type Withheld = { id?: string; name?: string; code?: string };

/** Error answers are the error shape (src/server/http/errors.ts); only a success carries the secret. */
const carriesSecret = (secret: SecretAnswer | undefined, status: number): secret is SecretAnswer =>
  secret !== undefined && status < 400;

/** The created record's id and name in the answer's JSON text: all that is kept of a secret-carrying one. */
function recordOf(body: string | null): Withheld {
  let parsed: unknown;
  try {
    parsed = body === null ? null : JSON.parse(body);
  } catch {
    // Not JSON: there is no record to name, and the text itself is what must not be kept.
    return {};
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  const kept: Withheld = {};
  if (typeof record.id === "string") kept.id = record.id;
  if (typeof record.name === "string") kept.name = record.name;
  if (typeof record.code === "string") kept.code = record.code;
  return kept;
}

/**
 * The 409 that stands in for the replay of a secret-carrying answer. A row stored before its route was
 * declared holds the whole answer; only its id and name are read from it too.
 */
function secretGone(secret: SecretAnswer, body: string | null): AppError {
  const { id, name, code } = recordOf(body);
  const label = [
    name === undefined ? "" : ` ${JSON.stringify(name)}`,
    code === undefined ? "" : ` ${code}`,
    id === undefined ? "" : ` (${id})`,
  ];
  return new AppError(
    "conflict",
    `This request was already answered: it created ${secret.record}${label.join("")}. ` +
      "Its answer carried a secret that is shown only once and is not kept, so it cannot be sent again. " +
      `If the secret was lost, ${secret.ifLost}.`,
  );
}

/** The text a key keeps of an answer: all of it, or of a secret-carrying one only the record's id and name. */
function keptText(request: FastifyRequest, status: number, body: string | null): string | null {
  const secret = request.routeOptions.config.answerCarriesSecret;
  return carriesSecret(secret, status) ? JSON.stringify(recordOf(body)) : body;
}

function replay(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.header(REPLAYED_HEADER, "true");
  const secret = request.routeOptions.config.answerCarriesSecret;
  if (carriesSecret(secret, answer.status)) throw secretGone(secret, answer.body);
  reply.code(answer.status);
  if (answer.body === null) return reply.send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}

const STILL_RUNNING = "A request with this Idempotency-Key is still being processed";

/**
 * Opens the request's transaction and claims the key in it, or answers with what the key already holds:
 * the committed answer, 422 for another request, 409 when a concurrent one holds it past `waitMs`.
 */
async function acquire(
  db: Db,
  id: KeyId,
  hash: string,
  waitMs: number,
): Promise<{ run: RequestTransaction } | { answer: Answer }> {
  const run = await openRequestTransaction(db);
  try {
    await run.tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(waitMs))}`));
    const claimed = await claimKey(run.tx, id, hash);
    if (claimed) {
      // Only the wait for a concurrent duplicate is bounded here; the work keeps the server's default.
      await run.tx.execute(sql.raw("set local lock_timeout to default"));
      await run.tx.execute(sql.raw(`savepoint ${WORK}`));
      return { run };
    }
    const stored = await findKey(run.tx, id);
    await run.rollback();
    if (!stored || stored.responseStatus === null) throw new AppError("conflict", STILL_RUNNING);
    if (stored.requestHash !== hash) {
      throw new AppError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request",
      );
    }
    return { answer: { status: stored.responseStatus, body: stored.responseBody } };
  } catch (error) {
    await run.rollback().catch((rollbackError: unknown) => {
      throw new AggregateError([error, rollbackError], "a keyed request failed and could not be rolled back");
    });
    // 55P03 lock_not_available: the concurrent request holding the key outlasted the wait.
    throw pgErrorCode(error) === "55P03" ? new AppError("conflict", STILL_RUNNING) : error;
  }
}

/** Registers the hooks on the property-scoped instance, before its routes. */
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  { waitMs = 10_000, principal: principalFor = principalOf }: IdempotencyOptions = {},
): void {
  const open = new WeakMap<FastifyRequest, { id: KeyId; run: RequestTransaction; timer: NodeJS.Timeout }>();
  let nextPurge = 0;

  // Expired keys are already ignored by the claim; deleting them only bounds the table. At most once a
  // minute per instance, on a keyed request (before its transaction), so keyless traffic pays nothing.
  async function purgeNowAndThen(request: FastifyRequest): Promise<void> {
    if (Date.now() < nextPurge) return;
    nextPurge = Date.now() + PURGE_EVERY_MS;
    await purgeExpired(db).catch((err: unknown) => request.log.warn({ err }, "idempotency key purge failed"));
  }

  /** Takes the request's transaction out of the map: whoever takes it settles it, exactly once. */
  function take(request: FastifyRequest) {
    const entry = open.get(request);
    if (!entry) return undefined;
    open.delete(request);
    clearTimeout(entry.timer);
    return entry;
  }

  async function abandon(request: FastifyRequest, why: string): Promise<void> {
    const entry = take(request);
    if (!entry) return;
    await entry.run
      .rollback()
      .catch((err: unknown) => request.log.error({ err }, `could not roll back ${why}`));
  }

  /** Stores the answer and commits before it goes out; a failed commit becomes the answer instead. */
  async function settle(request: FastifyRequest, status: number, body: string | null | undefined) {
    const entry = take(request);
    if (!entry) return;
    const { id, run } = entry;
    // A 5xx, or a 429, says "try again": keeping it would answer every retry with the failure.
    if (status >= 500 || status === 429 || body === undefined) {
      await run
        .rollback()
        .catch((err: unknown) => request.log.error({ err }, "could not roll back a keyed request"));
      return;
    }
    try {
      // A refused request writes nothing: back to the claim (this also clears a statement's failure).
      if (status >= 400) await run.tx.execute(sql.raw(`rollback to savepoint ${WORK}`));
      await storeAnswer(run.tx, id, status, keptText(request, status, body));
      await run.commit();
    } catch (err) {
      await run.rollback().catch((rollbackError: unknown) => {
        request.log.error({ err: rollbackError }, "could not roll back a keyed request");
      });
      request.log.error({ err }, "could not commit a keyed request");
      throw err;
    }
  }

  // Callback style: `done` runs the rest of the request (the handler) inside the transaction's context.
  app.addHook("preHandler", (request, reply, done) => {
    if (request.method !== "POST") return done();
    let key: string | undefined;
    try {
      key = keyOf(request);
    } catch (error) {
      return done(error as Error);
    }
    if (key === undefined && request.routeOptions.config.idempotencyKeyRequired) {
      return done(new AppError("validation", "Idempotency-Key: is required (one per booking attempt)"));
    }
    const principal = principalFor(request);
    if (key === undefined || principal === null) return done();
    const id = { principal, key };
    const hash = requestHash(request.method, concretePath(request), request.body);
    purgeNowAndThen(request)
      .then(() => acquire(db, id, hash, waitMs))
      .then(
        (outcome) => {
          if ("answer" in outcome) {
            try {
              replay(request, reply, outcome.answer);
            } catch (error) {
              done(error as Error);
            }
            return;
          }
          const timer = setTimeout(() => {
            void abandon(request, "a keyed request that never settled");
          }, SETTLE_WITHIN_MS);
          timer.unref();
          open.set(request, { id, run: outcome.run, timer });
          runInTransaction(outcome.run.tx, () => done());
        },
        (error: Error) => done(error),
      );
  });

  // An instance hook runs before route-level ones, and @fastify/compress adds its onSend to each route:
  // the payload here is still the serialized text, error handler answers included.
  app.addHook("onSend", async (request, reply, payload) => {
    await settle(request, reply.statusCode, bodyText(payload));
    return payload;
  });

  // If the answer never went through onSend (the client went away, the reply was taken over), roll back.
  app.addHook("onRequestAbort", async (request) => abandon(request, "an aborted keyed request"));
  app.addHook("onResponse", async (request) => abandon(request, "a keyed request answered without onSend"));
}
