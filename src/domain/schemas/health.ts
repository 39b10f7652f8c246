/** The health check's answer. */
import { z } from "zod";

/**
 * `db`: "down" while the database cannot be reached; "corrupt" once a query has read damaged data (kept until
 * the server restarts), with the SQLSTATE PostgreSQL reported.
 */
export const health = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["ok", "down", "corrupt"]),
  sqlState: z.string().optional(),
  /**
   * The embedded database's disk: its free space, the reserve it keeps, and whether changes are accepted
   * (below the reserve they are refused with 507 while reads go on: health then says "degraded" with 200).
   */
  disk: z.object({ freeBytes: z.number(), reserveBytes: z.number(), writable: z.boolean() }).optional(),
});
