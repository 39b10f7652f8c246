/**
 * Guest profiles (docs/product.md#guests): find, list and search, create and edit, and the profile a new stay
 * belongs to. Merging is in merge.ts, export and erasure in privacy.ts.
 */
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { SOLD_STATUSES } from "../../../domain/constants.js";
import { fieldError } from "../../../domain/errors.js";
import type {
  GuestDetail,
  GuestEdit,
  GuestListItem,
  guestCreateInput,
  guestListQuery,
} from "../../../domain/schemas/guests.js";
import { foldForSearch } from "../../../domain/text.js";
import type { Db } from "../../db/connect.js";
import { queryRows, tableRow } from "../../db/rows.js";
import { guests, reservations } from "../../db/schema.js";
import { type Actor, created, editRecord, withActivity } from "../activity/index.js";
import {
  findGuest,
  listGuestStays,
  presentReservation,
  refuseAnonymized,
  writeGuest,
} from "../reservations/index.js";
import { type GuestRow, LOGGED_GUEST_FIELDS, presentGuest } from "./presenter.js";
import { guestMatches, TRIGRAM_LENGTH } from "./search.js";

/** The profile's columns: not the stored search text, which no page shows. */
const PROFILE_COLUMNS = sql.join(
  Object.values(getTableColumns(guests)).map((column) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * The statement of a page of the list, newest first, each profile with its sold stays counted; `after` is
 * the keyset condition of a later page. A search the trigram index can serve finds every match there, then
 * orders them (`offset 0` keeps the planner from walking the newest-first index through the whole table for
 * a rare word, which it may think cheaper); a shorter one, or none, walks the newest-first index.
 */
export function guestPageStatement(
  propertyId: string,
  q: string | undefined,
  limit: number,
  after = sql``,
): SQL {
  const where = sql`${guests.propertyId} = ${propertyId} ${q ? sql`and ${guestMatches(q)}` : sql``} ${after}`;
  const fence = q && foldForSearch(q).length >= TRIGRAM_LENGTH ? sql`offset 0` : sql``;
  return sql`select page.*, stays.stay_count, stays.last_stay
    from (
      select * from (select ${PROFILE_COLUMNS} from ${guests} where ${where} ${fence}) matching
      order by created_at desc, id desc limit ${limit}
    ) page
    left join lateral (
      select count(*)::int as stay_count, max(r.check_in_date)::text as last_stay
      from ${reservations} r
      where r.property_id = ${propertyId} and r.guest_id = page.id and innkeep_is_sold(r.status)
    ) stays on true
    order by page.created_at desc, page.id desc`;
}

type PageRow = Record<string, unknown> & { stay_count: number; last_stay: string | null };

/**
 * A page of the search, newest first, with each profile's sold stays counted (guestPageStatement);
 * `before` is the last profile of the previous page.
 */
export async function listGuests(
  db: Db,
  propertyId: string,
  query: z.output<typeof guestListQuery>,
): Promise<GuestListItem[]> {
  let after = sql``;
  if (query.before) {
    const [row] = await db
      .select({ createdAt: guests.createdAt, id: guests.id })
      .from(guests)
      .where(and(eq(guests.propertyId, propertyId), eq(guests.id, query.before)));
    if (!row) throw fieldError("before", "no such guest");
    after = sql`and (${guests.createdAt}, ${guests.id}) < (${row.createdAt}, ${row.id})`;
  }
  const rows = await queryRows<PageRow>(db, guestPageStatement(propertyId, query.q, query.limit, after));
  return rows.map((raw) => ({
    ...presentGuest(tableRow(guests, raw)),
    stayCount: Number(raw.stay_count),
    lastStayDate: raw.last_stay,
  }));
}

/** The profile with its stays, newest first, and the nights and revenue of those sold. */
export async function guestDetail(db: Db, propertyId: string, id: string): Promise<GuestDetail> {
  const row = await findGuest(db, propertyId, id);
  const stays = (await listGuestStays(db, propertyId, id)).map(presentReservation);
  const sold = stays.filter((stay) => SOLD_STATUSES.includes(stay.status));
  // Money adds in minor units: a sum of floats drifts (0.1 + 0.2).
  const revenueCents = sold.reduce((sum, stay) => sum + Math.round(stay.total * 100), 0);
  return {
    ...presentGuest(row),
    stays,
    nights: sold.reduce((sum, stay) => sum + stay.nights, 0),
    revenue: revenueCents / 100,
  };
}

const GUEST_KIND = { type: "guest", present: presentGuest, fields: LOGGED_GUEST_FIELDS };

export async function createGuest(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: z.output<typeof guestCreateInput>,
): Promise<GuestRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    async (tx) => {
      const [row] = await tx
        .insert(guests)
        .values({ ...input, language: input.language ?? undefined, propertyId })
        .returning();
      if (!row) throw new Error("guest insert returned no row");
      return row;
    },
    (row) => ({
      action: "guest.created",
      entityType: "guest",
      entityId: row.id,
      changes: created(presentGuest(row), LOGGED_GUEST_FIELDS),
    }),
  );
}

/** An edit of a profile; its stays show the new name, phone and email (the database copies them). */
export async function patchGuest(
  db: Db,
  propertyId: string,
  actor: Actor,
  id: string,
  edit: GuestEdit,
): Promise<GuestRow> {
  return editRecord(db, { propertyId, id, actor }, "guest.updated", GUEST_KIND, async (tx) => {
    const before = await findGuest(tx, propertyId, id, { lock: true });
    refuseAnonymized(before, "edited");
    const after = await writeGuest(tx, propertyId, id, edit);
    return { before, after };
  });
}
