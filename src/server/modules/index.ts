/**
 * The module table. Property-scoped modules are mounted under /api/properties/:pid behind the membership
 * guard, so a new module is tenant-isolated (and covered by the isolation tests) by being listed here.
 */
import type { Module } from "../context.js";
import { adminRoutes } from "./admin/routes.js";
import { healthRoutes } from "./health/routes.js";
import { liveRoutes } from "./live/routes.js";
import { ownPropertyRoutes, propertyRoutes } from "./properties/routes.js";

export const globalModules: Module[] = [healthRoutes, ownPropertyRoutes, adminRoutes];

export const propertyModules: Module[] = [propertyRoutes, liveRoutes];
