/**
 * Request-origin defences for a cookie-authenticated JSON API.
 * - Host: with PUBLIC_URL set, only requests for its host are answered; without it (development on
 *   loopback), only loopback host names. A DNS-rebinding page (its own name resolving to our address) is
 *   thereby refused before anything runs, whatever it sends.
 * - Cross-site request forgery: a mutating request must carry a JSON body type (HTML forms cannot send one
 *   cross-site without CORS approval) and, when the browser sends an Origin header, it must be PUBLIC_URL's
 *   origin — never merely the request's own Host, which the page controls.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors.js";
import { bearerToken } from "../auth/api-tokens.js";
import type { Config } from "../config.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Load balancers probe health by address, not by the public name. */
const HOST_CHECK_EXEMPT = new Set(["/api/health"]);

export function isLoopbackHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A Host header as the URL parser reads it for `protocol` (default ports dropped), or null if it is not one. */
function parseHost(host: string | undefined, protocol: string): URL | null {
  // Only host characters: "evil@innkeep.example" must not parse as a user name plus our host.
  if (!host || !/^[\w.\-[\]:]+$/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`);
  } catch {
    return null;
  }
}

export type OriginPolicy = {
  /** Whether a request that names `host` in its Host header is for us. */
  hostAllowed(host: string | undefined): boolean;
  /** Whether an Origin header names us, for a request whose Host header is `host`. */
  originAllowed(origin: string, host: string | undefined): boolean;
};

export function originPolicy(
  config: Pick<Config, "publicUrl" | "publicUrlConfigured" | "host">,
): OriginPolicy {
  const publicUrl = new URL(config.publicUrl);
  if (config.publicUrlConfigured) {
    return {
      hostAllowed: (host) => parseHost(host, publicUrl.protocol)?.host === publicUrl.host,
      originAllowed: (origin) => origin === publicUrl.origin,
    };
  }
  // Without PUBLIC_URL, the server is reached by whichever loopback name the browser used (127.0.0.1,
  // localhost, [::1]): accept those, and an Origin that is the origin the request went to (PUBLIC_URL's
  // scheme, the request's loopback host and port).
  // A non-loopback HOST without PUBLIC_URL (DEV_IDP_ALLOW_REMOTE) leaves us no way to know our name.
  const loopbackOnly = isLoopbackHostname(publicUrl.hostname);
  const hostAllowed = (host: string | undefined) => {
    if (!loopbackOnly) return true;
    const url = parseHost(host, publicUrl.protocol);
    return url !== null && isLoopbackHostname(url.hostname);
  };
  return {
    hostAllowed,
    originAllowed: (origin, host) => {
      if (origin === publicUrl.origin) return true;
      try {
        // The whole origin, scheme included: https://127.0.0.1:3000 is another site than http://127.0.0.1:3000.
        return hostAllowed(host) && new URL(origin).origin === parseHost(host, publicUrl.protocol)?.origin;
      } catch {
        return false;
      }
    },
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers["content-length"] ?? 0);
  return headers["transfer-encoding"] !== undefined || !Number.isFinite(length) || length > 0;
}

export function registerCsrfGuard(
  app: FastifyInstance,
  config: Config,
  exemptPrefixes: readonly string[],
): void {
  const policy = originPolicy(config);
  app.addHook("onRequest", async (request) => {
    const host = request.headers.host;
    if (!policy.hostAllowed(host) && !HOST_CHECK_EXEMPT.has(request.url.split("?")[0] ?? "")) {
      throw new AppError("misdirected", "This server does not answer for that host name");
    }
    if (SAFE_METHODS.has(request.method)) return;
    // A bearer token is sent by a program, never attached by a browser: there is nothing to forge. (Such a
    // request is never also authenticated by its cookie; see registerRequestUser.)
    if (bearerToken(request.headers.authorization) !== null) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !policy.originAllowed(origin, host)) {
      throw new AppError("forbidden", "Cross-origin requests are not allowed");
    }
    if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    // A request to a route that takes no body (a DELETE, voiding a payment) sends none
    // (docs/product.md#writes): the Origin check above is its CSRF defence, as a browser sends Origin with
    // every cross-site write and an HTML form always sends a Content-Type. With a body, or to a route that
    // takes one, the usual rule applies.
    const takesBody = request.routeOptions.schema?.body !== undefined;
    if (!takesBody && !hasBody(request.headers) && request.headers["content-type"] === undefined) return;
    const type = request.headers["content-type"] ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new AppError("unsupported_media_type", "Send the request body as application/json");
    }
  });
}
