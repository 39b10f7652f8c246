/**
 * Resolves the signed-in user from the session cookie once per request, and the guards routes use.
 * Admin is decided here, on the server: an allow-listed email that the provider verified.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { AppError, MESSAGES } from "../../domain/errors.js";
import type { Role } from "../../domain/permissions.js";
import { id } from "../../domain/schemas/fields.js";
import type { SessionUser } from "../../domain/schemas/session.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import { acceptInvitations } from "../modules/team/index.js";
import { bearerToken, findApiToken, type TokenPrincipal } from "./api-tokens.js";
import { findSession, SESSION_COOKIE } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** The signed-in session: what live streams need to end when it ends. */
    session: { tokenHash: string; expiresAt: number } | null;
    /** The user's membership of the property in this request's URL (`:pid`), or null. */
    membership: { propertyId: string; role: Role } | null;
    /** The API token a request authenticated with (`Authorization: Bearer`); then there is no user. */
    apiToken: TokenPrincipal | null;
  }
}

export function isAdminEmail(
  config: Pick<Config, "adminEmails">,
  email: string | null,
  verified: boolean,
): boolean {
  return verified && email !== null && config.adminEmails.has(email.toLowerCase());
}

/**
 * `limitTokens` counts bearer requests (src/server/http/rate-limits.ts): it runs once the token is
 * looked up, so it can key on it, and before an unknown token is refused, so refusals count too.
 */
export function registerRequestUser(
  app: FastifyInstance,
  db: Db,
  config: Config,
  limitTokens: onRequestHookHandler,
): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("session", null);
  app.decorateRequest("membership", null);
  app.decorateRequest("apiToken", null);
  app.addHook("onRequest", async (request) => {
    const secret = bearerToken(request.headers.authorization);
    if (secret !== null) {
      // A token request never falls back to the cookie: its CSRF exemption must not lend a session.
      request.apiToken = (await findApiToken(db, secret)) ?? null;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    // Routing has already matched, so the property in the URL is known: resolve membership in the same query.
    const pid = propertyIdOf(request);
    let session = await findSession(db, token, pid);
    if (!session) return;
    if (session.invited && session.user.email) {
      // An invitation to this user's verified email becomes a membership before the request goes on.
      await acceptInvitations(db, {
        id: session.user.id,
        email: session.user.email,
        name: session.user.displayName || session.user.email,
      });
      session = (await findSession(db, token, pid)) ?? session;
    }
    request.sessionToken = token;
    request.session = { tokenHash: session.tokenHash, expiresAt: session.expiresAt };
    request.membership = pid && session.role ? { propertyId: pid, role: session.role } : null;
    request.user = {
      ...session.user,
      isAdmin: isAdminEmail(config, session.user.email, session.emailVerified),
    };
  });
  app.addHook("onRequest", limitTokens);
  app.addHook("onRequest", async (request) => {
    if (bearerToken(request.headers.authorization) === null) return;
    const token = request.apiToken;
    if (!token) throw new AppError("unauthenticated", "The API token is invalid, expired or revoked");
    const pid = propertyIdOf(request);
    request.membership = pid === token.propertyId ? { propertyId: pid, role: token.role } : null;
  });
}

/** Whether the request carries a signed-in user or an API token. */
export function isAuthenticated(request: FastifyRequest): boolean {
  return request.user !== null || request.apiToken !== null;
}

/**
 * The property id in the URL, in the canonical lower-case form the database stores and the change feed
 * announces (PostgreSQL compares UUIDs case-insensitively, strings do not), or null when it is not a UUID.
 */
export function propertyIdOf(request: FastifyRequest): string | null {
  const pid = (request.params as { pid?: unknown } | undefined)?.pid;
  return typeof pid === "string" && id.safeParse(pid).success ? pid.toLowerCase() : null;
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("unauthenticated", MESSAGES.unauthenticated);
  return request.user;
}

export async function requireUserHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(request);
}

export async function requireAdminHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!requireUser(request).isAdmin) throw new AppError("forbidden", MESSAGES.forbidden);
}
