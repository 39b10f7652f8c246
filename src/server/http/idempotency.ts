/**
 * `Idempotency-Key` on the POSTs under /api/properties/:pid (DESIGN §9.5): the same caller sending the same
 * key with the same request gets the first answer again, and nothing runs twice; the same key with another
 * request is 422 `idempotency_key_reused`. A POST without the header is untouched.
 *
 * The hooks run after authentication and the property guard (onRequest) and after body validation
 * (preHandler), so refused requests are never stored. Protocol: claim the key in its own statement, run the
 * handler, store the answer as it is about to be sent; a 5xx (or a 429) gives the claim back so a retry runs.
 * A request that finds the key claimed but unanswered waits for the answer, then gives up with 409.
 * A route whose answer carries a secret says so (`answerCarriesSecret`): of its answer only the record's id
 * and name are stored, and a replay is 409 naming the record. See docs/decisions/015-idempotency-keys.md.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors.js";
import type { Db } from "../db/connect.js";
import {
  type Claim,
  claimKey,
  findKey,
  type KeyId,
  purgeExpired,
  releaseClaim,
  storeAnswer,
} from "./idempotency-store.js";

/**
 * A route whose answer carries a secret shown only once (DESIGN §9.5: an API token, a webhook signing secret,
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
  }
}

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** RFC 5234 VCHAR: printable ASCII without the space. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = { min: 25, max: 50 };
const PURGE_EVERY_MS = 60_000;

export type IdempotencyOptions = {
  /** How long a request waits for a concurrent one holding the same key before answering 409. */
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
type Withheld = { id?: string; name?: string };

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
  return kept;
}

/**
 * The 409 that stands in for the replay of a secret-carrying answer. A row stored before its route was
 * declared holds the whole answer; only its id and name are read from it too.
 */
function secretGone(secret: SecretAnswer, body: string | null): AppError {
  const { id, name } = recordOf(body);
  const label = [name === undefined ? "" : ` ${JSON.stringify(name)}`, id === undefined ? "" : ` (${id})`];
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the key, or answers with what the key already holds: the stored answer (waiting for one that is
 * being worked on, at most `waitMs`), 422 for another request, 409 when the wait runs out.
 */
async function acquire(
  db: Db,
  id: KeyId,
  hash: string,
  waitMs: number,
): Promise<{ claim: Claim } | { answer: Answer }> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const claim = await claimKey(db, id, hash);
    if (claim) return { claim };
    const stored = await findKey(db, id);
    // Gone between the two statements (released by a failed request, or purged): claim it again.
    if (stored) {
      if (stored.requestHash !== hash) {
        throw new AppError(
          "idempotency_key_reused",
          "This Idempotency-Key was already used with a different request",
        );
      }
      if (stored.responseStatus !== null) {
        return { answer: { status: stored.responseStatus, body: stored.responseBody } };
      }
    }
    if (Date.now() >= deadline) {
      throw new AppError("conflict", "A request with this Idempotency-Key is still being processed");
    }
    await sleep(POLL_MS.min + Math.random() * (POLL_MS.max - POLL_MS.min));
  }
}

/** Registers the hooks on the property-scoped instance, before its routes. */
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  { waitMs = 10_000 }: IdempotencyOptions = {},
): void {
  const claims = new WeakMap<FastifyRequest, Claim>();
  let nextPurge = 0;

  // Expired keys are already ignored by the claim; deleting them only bounds the table. At most once a
  // minute per instance, on a keyed request, so keyless traffic pays nothing.
  async function purgeNowAndThen(request: FastifyRequest): Promise<void> {
    if (Date.now() < nextPurge) return;
    nextPurge = Date.now() + PURGE_EVERY_MS;
    await purgeExpired(db).catch((err: unknown) => request.log.warn({ err }, "idempotency key purge failed"));
  }

  async function settle(request: FastifyRequest, status: number, body: string | null | undefined) {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    try {
      // A 5xx, or a 429, says "try again": keeping it would answer every retry with the failure.
      if (status >= 500 || status === 429 || body === undefined) await releaseClaim(db, claim);
      else await storeAnswer(db, claim, status, keptText(request, status, body));
    } catch (err) {
      // The answer goes out anyway; the claim stays unanswered until it counts as abandoned (60 s).
      request.log.error({ err }, "could not settle an idempotency key");
    }
  }

  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST") return;
    const key = keyOf(request);
    const principal = principalOf(request);
    if (key === undefined || principal === null) return;
    await purgeNowAndThen(request);
    const hash = requestHash(request.method, concretePath(request), request.body);
    const outcome = await acquire(db, { principal, key }, hash, waitMs);
    if ("answer" in outcome) return replay(request, reply, outcome.answer);
    claims.set(request, outcome.claim);
  });

  // An instance hook runs before route-level ones, and @fastify/compress adds its onSend to each route:
  // the payload here is still the serialized text, error handler answers included.
  app.addHook("onSend", async (request, reply, payload) => {
    await settle(request, reply.statusCode, bodyText(payload));
    return payload;
  });

  // If the answer never went through onSend, give the key back rather than leave it claimed.
  app.addHook("onResponse", async (request) => settle(request, 500, undefined));
}
