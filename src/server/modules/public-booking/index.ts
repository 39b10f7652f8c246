/** The booking engine's public API (docs/product.md#booking-engine), mounted by the app under PUBLIC_PREFIX. */
import type { FastifyRequest } from "fastify";

export { publicBookingRoutes } from "./routes.js";

export const PUBLIC_PREFIX = "/api/public";

/**
 * Whose idempotency keys a public request's are: the property it books at (guests have no identity here).
 * Two guests would share a key only by choosing the same one, and the page draws a random UUID per attempt.
 */
export function publicPrincipal(request: FastifyRequest): string | null {
  const { code } = (request.params ?? {}) as { code?: unknown };
  return typeof code === "string" ? `booking-engine:${code}` : null;
}
