/**
 * Every route under /api/properties/:pid passes this guard before its body is read: the caller must be
 * signed in (401), a member of that property (404 otherwise, so other tenants' ids reveal nothing), and hold
 * the permission the route table gives the route (403). Checks answer in that order (docs/product.md#errors).
 */
import type { FastifyRequest, RouteOptions } from "fastify";
import { AppError, MESSAGES } from "../../domain/errors.js";
import { can, type Role } from "../../domain/permissions.js";
import type { Grantor } from "../auth/grantor.js";
import { isAuthenticated, propertyIdOf } from "../auth/request-user.js";
import { routePermission } from "./route-permissions.js";

export const PROPERTY_PREFIX = "/api/properties/:pid";

function pathBelowProperty(url: string): string {
  return url.slice(PROPERTY_PREFIX.length) || "/";
}

/** Membership was resolved with the session (see `registerRequestUser`); a malformed pid is never a member. */
export async function propertyMemberGuard(request: FastifyRequest): Promise<void> {
  if (!isAuthenticated(request)) throw new AppError("unauthenticated", MESSAGES.unauthenticated);
  const pid = propertyIdOf(request);
  const membership = request.membership;
  if (pid === null || membership === null || membership.propertyId !== pid) {
    throw new AppError("not_found", MESSAGES.notFound);
  }
  const permission = routePermission(request.method, pathBelowProperty(request.routeOptions.url ?? ""));
  if (!permission)
    throw new Error(`no permission is defined for ${request.method} ${request.routeOptions.url}`);
  if (!can(membership.role, permission)) throw new AppError("forbidden", MESSAGES.forbidden);
}

/** Refuses to register a property route that the permission table does not list. */
export function assertRoutePermission(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (!routePermission(method, pathBelowProperty(route.url))) {
      throw new Error(`${method} ${route.url} has no entry in ROUTE_PERMISSIONS`);
    }
  }
}

/** The caller's role in the property of this request (the guard has run). */
export function requireRole(request: FastifyRequest): Role {
  const role = request.membership?.role;
  if (!role) throw new AppError("not_found", MESSAGES.notFound);
  return role;
}

export function requireGrantor(request: FastifyRequest): Grantor {
  const role = requireRole(request);
  if (request.apiToken) return { role, memberId: request.apiToken.createdBy, viaToken: true };
  return { role, memberId: request.user?.id ?? null, viaToken: false };
}
