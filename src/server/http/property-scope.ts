/**
 * Every route under /api/properties/:pid passes this guard before its body is read: the caller must be
 * signed in (401) and a member of that property (404 otherwise, so other tenants' ids reveal nothing).
 */
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError, MESSAGES } from "../../domain/errors.js";
import { requireUser } from "../auth/request-user.js";
import type { Db } from "../db/connect.js";
import { propertyMembers } from "../db/schema.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export async function isMember(db: Db, propertyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: propertyMembers.role })
    .from(propertyMembers)
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export function propertyMemberGuard(db: Db) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = requireUser(request);
    const pid = (request.params as { pid?: unknown }).pid;
    if (!isUuid(pid) || !(await isMember(db, pid, user.id)))
      throw new AppError("not_found", MESSAGES.notFound);
  };
}
