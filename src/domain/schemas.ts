/**
 * One set of zod schemas for the API contract: the server validates every input with them, the web forms
 * derive their payloads from them, and the OpenAPI document is generated from them.
 */
import { z } from "zod";
import {
  ACTIVITY_PAGE,
  FRONT_DESK_DAYS,
  HK_STATUSES,
  LIMITS,
  NUMBER_FALLBACKS,
  RESERVATION_DEFAULTS,
  RESERVATION_STATUSES,
  type ReservationStatus,
  ROOM_STATUSES,
  TOTAL_COUNT_HEADER,
} from "./constants.js";
import { checkRange, REPORT_WINDOW, STAY_RANGE } from "./date-ranges.js";
import { isIsoDate, isValidTimeZone } from "./dates.js";
import { hasAtMostTwoDecimals, isCurrencyCode } from "./money.js";
import { ROLES } from "./permissions.js";
import { hasInvisibleCharacter, hasLoneSurrogate, normalizeIdentifier, stripBidiControls } from "./text.js";

export const isoDate = z
  .string()
  .refine(isIsoDate, { message: "must be a real calendar date in YYYY-MM-DD form" })
  .refine((value) => value <= LIMITS.latestDate, { message: `must be on or before ${LIMITS.latestDate}` })
  .meta({ format: "date", example: "2026-11-22" });

export const id = z.uuid({ message: "must be a valid id" });
/** Ids in a path, in the lower-case form the database returns (so a property's live stream matches its events). */
export const pathId = id.overwrite((value) => value.toLowerCase());
export const propertyParams = z.strictObject({ pid: pathId });
export const resourceParams = z.strictObject({ pid: pathId, id: pathId });

/** Any string a client sends: a lone surrogate has no UTF-8 form and would be silently replaced, so refuse it. */
const unicode = z.string().refine((value) => !hasLoneSurrogate(value), {
  message: "must be valid Unicode text (it contains a lone surrogate)",
});

/** Free text (names, phones): bidi controls stripped (see text.ts), trimmed, bounded. */
export const text = unicode
  .overwrite(stripBidiControls)
  .trim()
  .max(LIMITS.text, { message: `must be at most ${LIMITS.text} characters` })
  // PostgreSQL text cannot hold NUL; reject it here rather than fail in the database.
  .refine((value) => !value.includes("\u0000"), { message: "must not contain NUL characters" });

/** An identifier people read aloud (a room number): normalised so look-alikes are one value (see text.ts). */
export const identifier = unicode
  .overwrite(normalizeIdentifier)
  .min(1, { message: "is required" })
  .refine((value) => !hasInvisibleCharacter(value), {
    message: "must not contain invisible or control characters",
  });

/** A numeric form field: empty (null, "" or missing) falls back to the spec's default (SPEC §5). */
function numberWithFallback(fallback: number, schema: z.ZodType<number>) {
  return z
    .union([schema, z.literal(""), z.null()])
    .optional()
    .transform((value) => (value === "" || value === null || value === undefined ? fallback : value));
}

export const money = z
  .number()
  .nonnegative({ message: "must not be negative" })
  .max(LIMITS.maxRate)
  .refine(hasAtMostTwoDecimals, { message: "must have at most two decimals" });

// ---- inputs -------------------------------------------------------------------------------------------

export const propertyUpdateInput = z.strictObject({
  name: text.min(1, { message: "is required" }),
  currency: z
    .string()
    .max(LIMITS.text)
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: "must be an ISO 4217 currency code such as INR or USD" }),
  timeZone: z
    .string()
    .max(LIMITS.text)
    .trim()
    .refine(isValidTimeZone, { message: "must be an IANA time zone such as Asia/Kolkata" }),
});
export type PropertyUpdateInput = z.infer<typeof propertyUpdateInput>;

export const roomTypeCreateInput = z.strictObject({
  name: text.default(""),
  capacity: numberWithFallback(
    NUMBER_FALLBACKS.capacity,
    z
      .number()
      .int({ message: "must be a whole number" })
      .nonnegative({ message: "must not be negative" })
      .max(LIMITS.maxCapacity),
  ),
  baseRate: numberWithFallback(NUMBER_FALLBACKS.baseRate, money),
});
export type RoomTypeCreateInput = z.input<typeof roomTypeCreateInput>;

export const roomCreateInput = z.strictObject({
  number: identifier.max(LIMITS.roomNumber, { message: `must be at most ${LIMITS.roomNumber} characters` }),
  roomTypeId: id.nullable().default(null),
  floor: numberWithFallback(
    NUMBER_FALLBACKS.floor,
    z.number().int({ message: "must be a whole number" }).min(-10).max(LIMITS.maxFloor),
  ),
});
export type RoomCreateInput = z.input<typeof roomCreateInput>;

export const roomUpdateInput = z.strictObject({ hkStatus: z.enum(HK_STATUSES) });
export type RoomUpdateInput = z.infer<typeof roomUpdateInput>;

export const guestEmail = z.union([
  z.literal(""),
  z.email({ message: "must be an email address" }).max(LIMITS.text),
]);
export const adults = z
  .number()
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(LIMITS.maxGuests);
export const children = z
  .number()
  .int({ message: "must be a whole number" })
  .min(0, { message: "must not be negative" })
  .max(LIMITS.maxGuests);

export const reservationCreateInput = z
  .strictObject({
    guestName: text.default(""),
    guestPhone: text.default(""),
    guestEmail: guestEmail.default(""),
    roomId: id.nullable().default(null),
    roomTypeId: id.nullable().default(null),
    checkInDate: isoDate,
    checkOutDate: isoDate,
    adults: adults.default(RESERVATION_DEFAULTS.adults),
    children: children.default(RESERVATION_DEFAULTS.children),
  })
  .superRefine(checkRange(STAY_RANGE, "checkInDate", "checkOutDate"));
export type ReservationCreateInput = z.input<typeof reservationCreateInput>;

export const rateOverrideCreateInput = z.strictObject({
  date: isoDate,
  roomTypeId: id.nullable().default(null),
  // Blank means "no price change": the night keeps its base rate (DESIGN §9.2 replaces SPEC's fallback of 0).
  price: z
    .union([money, z.literal(""), z.null()])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
  minLOS: numberWithFallback(
    NUMBER_FALLBACKS.minLOS,
    z
      .number()
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(LIMITS.maxStayNights),
  ),
  stopSell: z.boolean().default(false),
});
export type RateOverrideCreateInput = z.input<typeof rateOverrideCreateInput>;

export const availabilityQuery = z.strictObject({
  start: isoDate,
  days: z.coerce.number().int().min(1).max(LIMITS.maxGridDays).default(FRONT_DESK_DAYS),
  /** `compact`: stays name their room by position and their dates as offsets (decision 019). */
  format: z.enum(["full", "compact"]).default("full"),
});

/** The search box's text never holds these; the search index separates the fields with one (see filters.ts). */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** A date filter; left blank (`?arrivingOn=`, as a form sends it) it is no filter. */
const dateFilter = z
  .string()
  .max(LIMITS.text)
  .transform((value) => (value.trim() === "" ? undefined : value))
  .pipe(isoDate.optional())
  .optional();

/**
 * The reservation search (DESIGN §9.3): `q` is a case-insensitive part of the code, guest name, phone or
 * email; `status` a comma-separated list; the dates match regardless of status unless `status` is given too.
 * Filters combine with AND. The CSV export takes the same filters.
 */
export const reservationFilter = z.strictObject({
  q: z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(LIMITS.search, { message: `must be at most ${LIMITS.search} characters` })
    .refine((value) => !hasLoneSurrogate(value) && !CONTROL_CHARACTER.test(value), {
      message: "must be text without control characters",
    })
    .transform((value) => value || undefined)
    .optional()
    .meta({ description: "Part of the code, guest name, phone or email (case-insensitive)" }),
  status: z
    .string()
    .max(LIMITS.text)
    .transform((value, ctx) => {
      const statuses = [...new Set(value.split(",").map((part) => part.trim()))].filter(Boolean);
      const unknown = statuses.find(
        (status) => !(RESERVATION_STATUSES as readonly string[]).includes(status),
      );
      if (unknown !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `unknown status "${unknown}" (use ${RESERVATION_STATUSES.join(", ")})`,
        });
        return z.NEVER;
      }
      return statuses.length > 0 ? (statuses as ReservationStatus[]) : undefined;
    })
    .optional()
    .meta({
      description: `Comma-separated: ${RESERVATION_STATUSES.join(", ")}`,
      example: "booked,checked_in",
    }),
  arrivingOn: dateFilter.meta({ description: "Check-in date (YYYY-MM-DD)" }),
  departingOn: dateFilter.meta({ description: "Check-out date (YYYY-MM-DD)" }),
  inHouseOn: dateFilter.meta({
    description: "In house that night: check-in on or before it, check-out after it (YYYY-MM-DD)",
  }),
});
export type ReservationFilter = z.output<typeof reservationFilter>;

/**
 * The reservations list: the filters, and optional keyset paging: `limit` newest first, then `before` = the
 * id of the last reservation of the previous page. Without `limit` every match is returned, as the API has
 * always done.
 */
export const reservationListQuery = reservationFilter.extend({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).optional(),
  before: id.optional(),
  total: z
    .enum(["true", "false"])
    .optional()
    .meta({
      description: `"true": the answer's ${TOTAL_COUNT_HEADER} header holds how many reservations match the filters (every page)`,
    }),
});
export type ReservationListQuery = z.output<typeof reservationListQuery>;

export const occupancyQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .superRefine(checkRange(REPORT_WINDOW, "from", "to"));

/** An invitation, or a role change. "owner" parses (so the server can refuse it with 403, DESIGN §9.3). */
const email = z
  .string()
  .max(LIMITS.text)
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "must be an email address" }).max(LIMITS.text));
export const invitationInput = z.strictObject({ email, role: z.enum(ROLES) });
export type InvitationInput = z.input<typeof invitationInput>;
export const memberUpdateInput = z.strictObject({ role: z.enum(ROLES) });
export type MemberUpdateInput = z.infer<typeof memberUpdateInput>;
export const memberParams = z.strictObject({ pid: pathId, userId: pathId });

export const activityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE.max).default(ACTIVITY_PAGE.default),
  before: id.optional(),
  entityId: id.optional(),
});
export type ActivityQuery = z.infer<typeof activityQuery>;

// ---- outputs ------------------------------------------------------------------------------------------

export const sessionUser = z.object({
  id,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;
export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const propertyRecord = z.object({
  id,
  ownerId: id,
  name: z.string(),
  code: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type PropertyRecord = z.infer<typeof propertyRecord>;

/** A property as its member sees it: with the caller's `role` there. */
export const property = propertyRecord.extend({ role: z.enum(ROLES) });
export type Property = z.infer<typeof property>;

/** `GET /api/properties`: every property the caller belongs to. */
export const propertySummary = property.pick({ id: true, name: true, code: true, role: true });
export type PropertySummary = z.infer<typeof propertySummary>;

/** `ownerEmailVerified`: whether the owner's provider vouched for the address (an unverified one is a claim). */
export const adminProperty = propertyRecord.extend({
  ownerEmail: z.string().nullable(),
  ownerEmailVerified: z.boolean(),
});
export type AdminProperty = z.infer<typeof adminProperty>;

export const roomType = z.object({
  id,
  propertyId: id,
  name: z.string(),
  capacity: z.number(),
  baseRate: z.number(),
  createdAt: z.string(),
});
export type RoomType = z.infer<typeof roomType>;

export const room = z.object({
  id,
  propertyId: id,
  number: z.string(),
  floor: z.number(),
  roomTypeId: id.nullable(),
  roomTypeName: z.string().nullable(),
  status: z.enum(ROOM_STATUSES),
  hkStatus: z.enum(HK_STATUSES),
  createdAt: z.string(),
});
export type Room = z.infer<typeof room>;

export const reservation = z.object({
  id,
  propertyId: id,
  code: z.string(),
  guestName: z.string(),
  guestPhone: z.string(),
  guestEmail: z.string(),
  roomTypeId: id.nullable(),
  roomId: id.nullable(),
  roomNumber: z.string().nullable(),
  adults: z.number(),
  children: z.number(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  nights: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  total: z.number(),
  balance: z.number(),
  createdBy: id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof reservation>;

export const rateOverride = z.object({
  id,
  propertyId: id,
  date: z.string(),
  roomTypeId: id.nullable(),
  roomTypeName: z.string().nullable(),
  price: z.number().nullable(),
  minLOS: z.number(),
  stopSell: z.boolean(),
  createdAt: z.string(),
});
export type RateOverride = z.infer<typeof rateOverride>;

/** A stay on the grid; one without a room is shown in its room type's "Unassigned" row. */
export const availabilityStay = z.object({
  id,
  roomId: id.nullable(),
  roomTypeId: id.nullable(),
  code: z.string(),
  guestName: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  checkInDate: z.string(),
  checkOutDate: z.string(),
});
export type AvailabilityStay = z.infer<typeof availabilityStay>;

export const availability = z.object({
  start: z.string(),
  days: z.number(),
  dates: z.array(z.string()),
  rooms: z.array(
    room.pick({ id: true, number: true, roomTypeId: true, roomTypeName: true, status: true, hkStatus: true }),
  ),
  stays: z.array(availabilityStay),
  /** Rooms out of order in the window (DESIGN §9.2); the grid shows them in grey with the reason. */
  blocks: z.array(
    z.object({ id, roomId: id, startDate: z.string(), endDate: z.string(), reason: z.string() }),
  ),
});
export type Availability = z.infer<typeof availability>;

/** Position in the compact grid's `rooms` or `roomTypes`; null when the stay (or room) has none. */
const gridPosition = z.number().int().min(0).nullable();
/** Days from the compact grid's `start` (negative for a stay that began before it). */
const gridDayOffset = z.number().int();

/**
 * The availability grid in its compact form (`?format=compact`, decision 019): each list is an array of rows
 * named once here; a stay names its room and room type by position and its dates as days from `start`.
 * `expandAvailability` (availability-compact.ts) turns it into the full form.
 */
export const compactAvailability = z.object({
  format: z.literal("compact"),
  start: z.string(),
  days: z.number(),
  roomTypes: z.array(z.tuple([id, z.string()]).meta({ description: "[id, name]" })),
  /** In no particular order: the client sorts rooms by number (`compareRoomNumbers`). */
  rooms: z.array(
    z
      .tuple([id, z.string(), gridPosition, z.enum(ROOM_STATUSES), z.enum(HK_STATUSES)])
      .meta({ description: "[id, number, roomType, status, hkStatus]" }),
  ),
  /** Ordered by check-in date, then id, as in the full form. */
  stays: z.array(
    z
      .tuple([
        id,
        z.string(),
        z.string(),
        z.enum(RESERVATION_STATUSES),
        gridPosition,
        gridPosition,
        gridDayOffset,
        z.number(),
      ])
      .meta({ description: "[id, code, guestName, status, room, roomType, checkIn, nights]" }),
  ),
  blocks: z.array(
    z
      .tuple([id, z.number().int().min(0), gridDayOffset, z.number(), z.string()])
      .meta({ description: "[id, room, start, nights, reason]" }),
  ),
});
export type CompactAvailability = z.infer<typeof compactAvailability>;

export const occupancyReport = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  rooms: z.number(),
  soldRoomNights: z.number(),
  revenue: z.number(),
  occupancyPct: z.number(),
  adr: z.number(),
  revpar: z.number(),
  currency: z.string(),
});
export type OccupancyReport = z.infer<typeof occupancyReport>;

export const member = z.object({
  userId: id,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Member = z.infer<typeof member>;

export const invitation = z.object({ id, email: z.string(), role: z.enum(ROLES), invitedAt: z.string() });
export type Invitation = z.infer<typeof invitation>;

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

export const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
