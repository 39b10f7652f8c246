/**
 * Resolves the signed-in user from the session cookie once per request, and the guards routes use.
 * Admin is decided here, on the server: an allow-listed email that the provider verified.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, MESSAGES } from "../../domain/errors.js";
import { id, type SessionUser } from "../../domain/schemas.js";
import type { Config } from "../config.js";
import type { Db } from "../db/connect.js";
import { findSession, SESSION_COOKIE } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** The signed-in session: what live streams need to end when it ends. */
    session: { tokenHash: string; expiresAt: number } | null;
    /** The `:pid` of this request's URL when the user is a member of that property, else null. */
    memberOf: string | null;
  }
}

export function isAdminEmail(
  config: Pick<Config, "adminEmails">,
  email: string | null,
  verified: boolean,
): boolean {
  return verified && email !== null && config.adminEmails.has(email.toLowerCase());
}

export function registerRequestUser(app: FastifyInstance, db: Db, config: Config): void {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("session", null);
  app.decorateRequest("memberOf", null);
  app.addHook("onRequest", async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    // Routing has already matched, so the property in the URL is known: resolve membership in the same query.
    const pid = propertyIdOf(request);
    const session = await findSession(db, token, pid);
    if (!session) return;
    request.sessionToken = token;
    request.session = { tokenHash: session.tokenHash, expiresAt: session.expiresAt };
    request.memberOf = session.memberOf;
    request.user = {
      ...session.user,
      isAdmin: isAdminEmail(config, session.user.email, session.emailVerified),
    };
  });
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
