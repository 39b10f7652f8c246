/** The activity log: its page query and one entry. */
import { z } from "zod";
import { ACTIVITY_PAGE } from "../constants.js";
import { id } from "./fields.js";

export const activityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE.max).default(ACTIVITY_PAGE.default),
  before: id.optional(),
  entityId: id.optional(),
});

export const activityEntry = z.object({
  id,
  at: z.string(),
  actorId: id.nullable(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: id.nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
