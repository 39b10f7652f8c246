import type { FastifyInstance, onRequestHookHandler } from "fastify";
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
    const result = await limit(request);
    if (result.isAllowed) return;
    reply.header("x-ratelimit-limit", result.max);
    reply.header("x-ratelimit-remaining", result.remaining);
    reply.header("x-ratelimit-reset", result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header("retry-after", result.ttlInSeconds);
    throw new AppError(
      "rate_limited",
      `This API token (or this address, for unknown tokens) may make ${result.max} requests a minute; try again in ${result.ttlInSeconds} seconds`,
    );
  };
}
