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
  /**
   * Background work whose last attempt failed (the database refused or could not answer it): the live
   * updates' reads or the webhook relay's claims, since when, and the SQLSTATE. Health is then "degraded".
   */
  failing: z
    .array(
      z.object({
        task: z.enum(["live updates", "webhook delivery"]),
        failingSince: z.string(),
        sqlState: z.string().optional(),
      }),
    )
    .optional(),
});
