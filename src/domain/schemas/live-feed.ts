/** The live feed's event (server-sent events to every open screen of a property). */
import { z } from "zod";
import { id } from "./fields.js";

/**
 * What the live feed carries: which record changed, never its contents (every role watches the feed, and
 * not every role may read every record). The SSE `id:` is `seq`, so a reconnect resumes after it.
 */
export const liveEvent = z.object({
  seq: z.number().int(),
  type: z.string(),
  propertyId: id,
  entityType: z.string(),
  entityId: id.nullable(),
  occurredAt: z.string(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
