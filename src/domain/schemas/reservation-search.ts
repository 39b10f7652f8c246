/** Finding reservations: the search filters (shared by the list and the CSV export) and the list's paging. */
import { z } from "zod";
import { LIMITS, RESERVATION_STATUSES, type ReservationStatus, TOTAL_COUNT_HEADER } from "../constants.js";
import { id, isoDate, searchQuery } from "./fields.js";

/** A date filter; left blank (`?arrivingOn=`, as a form sends it) it is no filter. */
const dateFilter = z
  .string()
  .max(LIMITS.text)
  .transform((value) => (value.trim() === "" ? undefined : value))
  .pipe(isoDate.optional())
  .optional();

/**
 * The reservation search (docs/product.md#search-and-filters): `q` is a case-insensitive part of the code,
 * guest name, phone or email; `status` a comma-separated list; the dates match regardless of status unless
 * `status` is given too.
 * Filters combine with AND. The CSV export takes the same filters.
 */
export const reservationFilter = z.strictObject({
  q: searchQuery.meta({ description: "Part of the code, guest name, phone or email (case-insensitive)" }),
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
