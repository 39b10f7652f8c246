import type { Module } from "../../context.js";

/** Mounted under /api/properties/:pid (membership already checked). */
export const rateOverrideRoutes: Module = (_app, _context) => {};
