/**
 * Every route under /api/properties/:pid passes this guard before its body is read: the caller must be
 * signed in (401) and a member of that property (404 otherwise, so other tenants' ids reveal nothing).
 */
import type { FastifyRequest } from "fastify";
import { AppError, MESSAGES } from "../../domain/errors.js";
import { propertyIdOf, requireUser } from "../auth/request-user.js";

/** Membership was resolved with the session (see `registerRequestUser`); a malformed pid is never a member. */
export async function propertyMemberGuard(request: FastifyRequest): Promise<void> {
  requireUser(request);
  const pid = propertyIdOf(request);
  if (pid === null || request.memberOf !== pid) throw new AppError("not_found", MESSAGES.notFound);
}
