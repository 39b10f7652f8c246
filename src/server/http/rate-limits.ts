import type { FastifyInstance, FastifyReply, onRequestHookHandler } from "fastify";
import { AppError } from "../../domain/errors.js";
import { bearerToken } from "../auth/api-tokens.js";
import type { Config } from "../config.js";

/**
 * Every request that carries a bearer token counts, whatever it is answered and wherever it goes: each API
 * token may make `apiTokenRateLimitPerMinute` requests a minute on this instance, and unknown, expired or
 * revoked tokens share that allowance per client address (a guesser cycling through made-up tokens is
 * slowed like one token). More are answered 429 with `Retry-After` (when the window frees up). Runs after
 * the token is looked up and before any guard can refuse the request. Browser sessions are not limited
 * here: people do not script their clicks, and a busy front desk must never see a 429.
 *
 * `createRateLimit`, not the plugin's hook: that hook marks every request it sees as limited, which would
 * switch off the sign-in routes' own limits for requests without a token.
 */
export function tokenRateLimit(app: FastifyInstance, config: Config): onRequestHookHandler {
  const limit = app.createRateLimit({
    max: config.apiTokenRateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) =>
      request.apiToken ? `api-token:${request.apiToken.id}` : `api-token-unknown:${request.ip}`,
  });
  return async (request, reply) => {
    if (bearerToken(request.headers.authorization) === null) return;
    enforceLimit(
      reply,
      await limit(request),
      (max, seconds) =>
        `This API token (or this address, for unknown tokens) may make ${max} requests a minute; try again in ${seconds} seconds`,
    );
  };
}

type LimitResult = Awaited<ReturnType<ReturnType<FastifyInstance["createRateLimit"]>>>;

/** The limit's headers on the answer, and 429 `rate_limited` with `Retry-After` once it is exceeded. */
export function enforceLimit(
  reply: FastifyReply,
  result: LimitResult,
  message: (max: number, seconds: number) => string,
): void {
  if (result.isAllowed) return;
  reply.header("x-ratelimit-limit", result.max);
  reply.header("x-ratelimit-remaining", result.remaining);
  reply.header("x-ratelimit-reset", result.ttlInSeconds);
  if (!result.isExceeded) return;
  reply.header("retry-after", result.ttlInSeconds);
  throw new AppError("rate_limited", message(result.max, result.ttlInSeconds));
}

/**
 * The booking engine's writes (docs/product.md#booking-engine): every public POST counts against its client
 * address, whatever it is answered, `publicRateLimitPerMinute` a minute on this instance.
 */
export function publicRateLimit(app: FastifyInstance, config: Config): onRequestHookHandler {
  const limit = app.createRateLimit({
    max: config.publicRateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => `public:${request.ip}`,
  });
  return async (request, reply) => {
    if (request.method !== "POST") return;
    enforceLimit(
      reply,
      await limit(request),
      (max, seconds) =>
        `Too many bookings from this address (${max} a minute); try again in ${seconds} seconds`,
    );
  };
}
