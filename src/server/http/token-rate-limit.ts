import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { bearerToken } from "../auth/api-tokens.js";
import type { Config } from "../config.js";

/**
 * Every request that carries a bearer token counts, whatever it is answered and wherever it goes: each API
 * token may make `apiTokenRateLimitPerMinute` requests a minute on this instance, and unknown, expired or
 * revoked tokens share that allowance per client address (a guesser cycling through made-up tokens is
 * slowed like one token). More are answered 429 with `Retry-After` (the error handler keeps the seconds
 * the limiter computed). Runs after the token is looked up and before any guard can refuse the request.
 * Browser sessions are not limited here: people do not script their clicks, and a busy front desk must
 * never see a 429.
 */
export function tokenRateLimit(app: FastifyInstance, config: Config): onRequestHookHandler {
  return app.rateLimit({
    max: config.apiTokenRateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) =>
      request.apiToken ? `api-token:${request.apiToken.id}` : `api-token-unknown:${request.ip}`,
    allowList: (request) => bearerToken(request.headers.authorization) === null,
  });
}
