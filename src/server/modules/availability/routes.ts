import type { Module } from "../../context.js";

/** Mounted under /api/properties/:pid (membership already checked). */
export const availabilityRoutes: Module = (_app, _context) => {};
