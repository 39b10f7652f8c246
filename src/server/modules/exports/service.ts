/**
 * CSV exports (docs/product.md#csv-exports; docs/decisions/011-manager-tools.md). The reservations export
 * streams: it reads the list's matches in keyset batches, newest first as the list shows them, and each batch
 * goes through the CSV stringifier into the reply before the next is read, so 200k stays never sit in memory
 * at once. Plain queries (no server-side cursor), so it works alike on PGlite and PostgreSQL.
 */
import { Readable } from "node:stream";
import { stringify as stringifySync } from "csv-stringify/sync";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { csvText } from "../../../domain/csv.js";
import type { IsoDate } from "../../../domain/dates.js";
import { minorDigits } from "../../../domain/money.js";
import { dateFigures } from "../../../domain/occupancy.js";
import type { ReservationFilter } from "../../../domain/schemas/reservation-search.js";
import type { Db } from "../../db/connect.js";
import { keysetPages } from "../../db/pages.js";
import { properties, reservations } from "../../db/schema.js";
import { occupancyDaily } from "../reports/index.js";
import { reservationFilterConditions } from "../reservations/index.js";

/**
 * Stays read per query: big enough that round trips do not dominate, small enough to stay flat in memory. At
 * 2,000 a batch the server's RSS grew by 50–80 MB during each export of 200k stays on PostgreSQL, at 500 by
 * 1–2 MB after the first, in the same 2.1 s (decision 029).
 */
export const EXPORT_BATCH = 500;

/** RFC 4180 (CRLF between records), with a byte-order mark so spreadsheet programs read UTF-8 as UTF-8. */
const csvOptions = (columns: string[]) =>
  ({ bom: true, header: true, columns, record_delimiter: "windows" }) as const;

export const RESERVATION_COLUMNS = [
  "Code",
  "Guest name",
  "Phone",
  "Email",
  "Room",
  "Room type",
  "Check-in",
  "Check-out",
  "Nights",
  "Adults",
  "Children",
  "Status",
  "Total",
  "Paid",
  "Balance",
  "Created at",
];

type ExportRow = {
  code: string;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  roomNumber: string | null;
  roomTypeName: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  status: string;
  total: string;
  paid: string;
  balance: string;
  createdAt: string;
  cursorAt: string;
  id: string;
};

/**
 * One batch: the matches after `cursor` in the list's order (the index `reservations_property_created_idx`
 * serves it), chosen before the joins so the limit applies to an index scan. A deleted room or type is named
 * as the stay kept it (migration 0011). Money is numeric text (major units, two decimals, a dot).
 */
function batchQuery(conditions: SQL[], cursor: { at: string; id: string } | null, digits: number): SQL {
  const after = cursor
    ? [sql`(${reservations.createdAt}, ${reservations.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`]
    : [];
  return sql`
    select r.code, r.guest_name as "guestName", r.guest_phone as "guestPhone", r.guest_email as "guestEmail",
           coalesce(rm.number, r.room_number) as "roomNumber",
           coalesce(rt.name, r.room_type_name) as "roomTypeName",
           to_char(r.check_in_date, 'YYYY-MM-DD') as "checkIn", to_char(r.check_out_date, 'YYYY-MM-DD') as "checkOut",
           r.nights, r.adults, r.children, r.status,
           r.total::text as "total", round(r.folio_total - r.balance, ${digits})::text as "paid",
           round(r.balance, ${digits})::text as "balance",
           to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
           r.created_at::text as "cursorAt", r.id
    from (select * from ${reservations} where ${and(...conditions, ...after)}
          order by created_at desc, id desc limit ${EXPORT_BATCH}) r
    left join rooms rm on rm.property_id = r.property_id and rm.id = r.room_id
    left join room_types rt on rt.property_id = r.property_id and rt.id = r.room_type_id
    order by r.created_at desc, r.id desc`;
}

function reservationRecord(row: ExportRow): (string | number)[] {
  return [
    csvText(row.code),
    csvText(row.guestName),
    csvText(row.guestPhone),
    csvText(row.guestEmail),
    csvText(row.roomNumber ?? ""),
    csvText(row.roomTypeName ?? ""),
    row.checkIn,
    row.checkOut,
    row.nights,
    row.adults,
    row.children,
    row.status,
    row.total,
    row.paid,
    row.balance,
    row.createdAt,
  ];
}

/**
 * The stays that pass the list's filters, newest first, as a CSV byte stream: one chunk per batch. A chunk
 * per row (a streaming stringifier's output) made the reply's compression stream take 200,000 small writes,
 * each a trip to zlib's thread pool: 14 s for the bench's 200k stays with Brotli, against 2 s uncompressed.
 */
export async function reservationsCsv(
  db: Db,
  propertyId: string,
  filter: ReservationFilter,
): Promise<Readable> {
  const conditions = reservationFilterConditions(propertyId, filter);
  // Paid and Balance in the currency's own decimals (the folio's columns keep three for any currency).
  const [property] = await db
    .select({ currency: properties.currency })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const digits = minorDigits(property?.currency ?? "INR");
  const batch = async (cursor: { at: string; id: string } | null) => {
    const result: unknown = await db.execute<ExportRow>(batchQuery(conditions, cursor, digits));
    return (result as { rows: ExportRow[] }).rows;
  };
  // Read before the answer starts, so a failing query is an error answer, not a cut-off file.
  const first = await batch(null);
  async function* chunks() {
    let header = true;
    const pages = keysetPages(first, EXPORT_BATCH, (last) => batch({ at: last.cursorAt, id: last.id }));
    for await (const rows of pages) {
      // The byte-order mark and the header open the first chunk, even of an export with no rows.
      const options = header
        ? csvOptions(RESERVATION_COLUMNS)
        : { ...csvOptions(RESERVATION_COLUMNS), bom: false, header: false };
      if (header || rows.length > 0) yield Buffer.from(stringifySync(rows.map(reservationRecord), options));
      header = false;
    }
  }
  // The reply reads the next chunk only once it has taken the previous one (back-pressure), so at most a
  // batch or two of rows are alive at a time.
  return Readable.from(chunks(), { objectMode: false });
}

export const OCCUPANCY_COLUMNS = [
  "Date",
  "Rooms",
  "Rooms blocked",
  "Room-nights sold",
  "Occupancy %",
  "Revenue",
  "ADR",
  "RevPAR",
];

/** The daily series of [from, to) with each day's ratios, as CSV text (at most 3,660 rows). */
export async function occupancyCsv(db: Db, propertyId: string, from: IsoDate, to: IsoDate): Promise<string> {
  const days = await occupancyDaily(db, propertyId, from, to);
  const records = days.map((day) => {
    const figures = dateFigures(day);
    return [
      day.date,
      day.roomsAvailable,
      day.roomsBlocked,
      day.roomNightsSold,
      figures.occupancyPct.toFixed(2),
      day.revenue.toFixed(2),
      figures.adr.toFixed(2),
      figures.revpar.toFixed(2),
    ];
  });
  return stringifySync(records, csvOptions(OCCUPANCY_COLUMNS));
}
