/**
 * Cross-site request forgery defence for a cookie-authenticated JSON API: a mutating request must carry a
 * JSON body type (HTML forms cannot send one cross-site without CORS approval) and, when the browser sends
 * an Origin header, it must be our own origin.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors.js";

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerCsrfGuard(
  app: FastifyInstance,
  publicUrl: string,
  exemptPrefixes: readonly string[],
): void {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin && !sameHost(origin, request.headers.host)) {
      throw new AppError("forbidden", "Cross-origin requests are not allowed");
    }
    if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const type = request.headers["content-type"] ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError("unsupported_media_type", "Send the request body as application/json");
    }
  });
}
