import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Config } from "../config.js";

/**
 * Each API token may make `apiTokenRateLimitPerMinute` requests a minute on this instance; more are answered
 * 429 with `Retry-After` (the error handler keeps the seconds the limiter computed). Browser sessions are not
 * limited here: people do not script their clicks, and a busy front desk must never see a 429.
 */
export function tokenRateLimit(app: FastifyInstance, config: Config): onRequestHookHandler {
  return app.rateLimit({
    max: config.apiTokenRateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => `api-token:${request.apiToken?.id}`,
    allowList: (request) => request.apiToken === null,
  });
}
