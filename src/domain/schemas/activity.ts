/** The activity log: its page query (with its filters) and one entry. */
import { z } from "zod";
import { ACTIVITY_PAGE, LIMITS } from "../constants.js";
import { id, isoDate } from "./fields.js";

/** The kinds of record the log names (an entry's `entityType`), in the order the filter offers them. */
export const ACTIVITY_RECORD_TYPES = [
  "reservation",
  "guest",
  "room",
  "room_type",
  "rate_override",
  "room_block",
  "tax_rate",
  "product",
  "rate_plan",
  "day_close",
  "property",
  "member",
  "invitation",
  "api_token",
  "webhook",
] as const;
export type ActivityRecordType = (typeof ACTIVITY_RECORD_TYPES)[number];

/** A filter left blank (`?from=`, as a form sends it) is no filter. */
function blankIsNone<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .max(LIMITS.text)
    .transform((value) => (value.trim() === "" ? undefined : value.trim()))
    .pipe(schema.optional())
    .optional();
}

/**
 * A page of the log, newest first (`before`: the last entry of the previous page), narrowed by any of: one
 * record (`entityId`), a kind of record (`entityType`), the person who made the change (`actorId`) and the
 * hotel's calendar days `from`–`to` (both included, in the property's time zone).
 */
export const activityQuery = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE.max).default(ACTIVITY_PAGE.default),
    before: id.optional(),
    entityId: id.optional(),
    entityType: blankIsNone(z.enum(ACTIVITY_RECORD_TYPES, { message: "must be a kind of record" })),
    actorId: blankIsNone(id),
    from: blankIsNone(isoDate),
    to: blankIsNone(isoDate),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "must be on or after the first day",
    path: ["to"],
  });

/**
 * The record an entry is about, as people name it, resolved by the server from the record as it is now (or,
 * once deleted, from what the entry stored): `name` (a room's number, a guest's name, a room type's name …),
 * a stay's `code`, the `room` a stay or block is in, an override's `date` and `roomType`.
 */
export const activitySubject = z.object({
  name: z.string().nullable(),
  code: z.string().nullable(),
  room: z.string().nullable(),
  date: z.string().nullable(),
  roomType: z.string().nullable(),
});
export type ActivitySubject = z.infer<typeof activitySubject>;

export const activityEntry = z.object({
  id,
  at: z.string(),
  actorId: id.nullable(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: id.nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  subject: activitySubject.nullable(),
  /** The names of the records the changes refer to by id (a room type, a room), by id. */
  names: z.record(z.string(), z.string()),
});
export type ActivityEntry = z.infer<typeof activityEntry>;
