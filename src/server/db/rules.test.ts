/**
 * Rules the database holds a copy of must match their one definition in `src/domain`: the status lists in
 * check and exclusion constraints, and the identifier rule for room numbers (checked for every code point).
 */
import { getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DOCUMENT_TYPES,
  FOLIO_LINE_KINDS,
  HK_STATUSES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  RESERVATION_STATUSES,
  ROOM_HOLDING_STATUSES,
  ROOM_STATUSES,
  SOLD_STATUSES,
  STANDARD_RATE_PLAN,
  STAY_SOURCES,
} from "../../domain/constants.js";
import { LANGUAGES } from "../../domain/languages.js";
import { EMAIL_KINDS, EMAIL_STATUSES } from "../../domain/schemas/emails.js";
import { hasInvisibleCharacter, normalizeIdentifier } from "../../domain/text.js";
import { outboxRow } from "../mail/outbox.js";
import { activityRow } from "../modules/activity/index.js";
import { newStay } from "../modules/reservations/index.js";
import { backends, openTestDatabase } from "../test/harness.js";
import type { Db } from "./connect.js";
import { activity, emails, reservations } from "./schema.js";

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function constraintValues(db: Db, name: string): Promise<string[]> {
  const [row] = await rows<{ def: string }>(
    db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
  );
  if (!row) throw new Error(`no constraint ${name}`);
  return [...row.def.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1] ?? "");
}

for (const backend of backends()) {
  describe(`database rules match the domain's [${backend}]`, () => {
    it("status lists", async () => {
      const database = await openTestDatabase(backend);
      try {
        const { db } = database;
        expect(await constraintValues(db, "reservations_status_check")).toEqual([...RESERVATION_STATUSES]);
        expect(await constraintValues(db, "rooms_status_check")).toEqual([...ROOM_STATUSES]);
        expect(await constraintValues(db, "rooms_hk_status_check")).toEqual([...HK_STATUSES]);
        expect(await constraintValues(db, "reservations_no_overlap")).toEqual([...ROOM_HOLDING_STATUSES]);
        expect(await constraintValues(db, "payments_method_check")).toEqual([...PAYMENT_METHODS]);
        expect(await constraintValues(db, "guests_document_type_check")).toEqual([...DOCUMENT_TYPES]);
        expect(await constraintValues(db, "payments_kind_check")).toEqual([...PAYMENT_KINDS]);
        expect(await constraintValues(db, "invoices_kind_check")).toEqual([...INVOICE_KINDS]);
        expect(await constraintValues(db, "invoices_status_check")).toEqual([...INVOICE_STATUSES]);
        expect(await constraintValues(db, "emails_status_check")).toEqual([...EMAIL_STATUSES]);
        expect(await constraintValues(db, "emails_kind_check")).toEqual([...EMAIL_KINDS]);
        expect(await constraintValues(db, "users_language_check")).toEqual([...LANGUAGES]);
        expect(await constraintValues(db, "reservations_source_check")).toEqual([...STAY_SOURCES]);
        // A posted line is an extra or an adjustment; nights and the city tax are never stored.
        expect(await constraintValues(db, "folio_charges_kind_check")).toEqual(
          FOLIO_LINE_KINDS.filter((kind) => kind === "extra" || kind === "adjustment"),
        );
        // The triggers' copies (room-type inventory, the rollup, blocks) are functions: ask them of every status.
        const [answers] = await rows<{ holds: string[]; sold: string[] }>(
          db,
          sql`select array_agg(s order by o) filter (where innkeep_holds_room(s)) as holds,
                     array_agg(s order by o) filter (where innkeep_is_sold(s)) as sold
              from unnest(${sql.raw(`array[${RESERVATION_STATUSES.map((s) => `'${s}'`).join(", ")}]`)}::text[])
                with ordinality as t(s, o)`,
        );
        expect(answers?.holds).toEqual([...ROOM_HOLDING_STATUSES]);
        expect(answers?.sold).toEqual([...SOLD_STATUSES]);
      } finally {
        await database.close();
      }
    });

    it("the Standard plan every new property is given is the domain's", async () => {
      const database = await openTestDatabase(backend);
      try {
        const { db } = database;
        const [user] = await rows<{ id: string }>(
          db,
          sql`insert into users (issuer, subject) values ('test', 'standard-plan') returning id`,
        );
        const [property] = await rows<{ id: string }>(
          db,
          sql`insert into properties (owner_id, name, code, currency, time_zone)
              values (${user?.id}, 'H', 'H', 'INR', 'Asia/Kolkata') returning id`,
        );
        const plans = await rows<Record<string, unknown>>(
          db,
          sql`select name, adjustment_percent::float8 as "adjustmentPercent",
                     per_adult_per_night::float8 as "perAdultPerNight", cancellation_days as "cancellationDays",
                     deposit_percent::float8 as "depositPercent", public, standard, active
              from rate_plans where property_id = ${property?.id}`,
        );
        expect(plans).toEqual([{ ...STANDARD_RATE_PLAN, standard: true, active: true }]);
      } finally {
        await database.close();
      }
    });

    it("invisible characters in room numbers, for every code point", async () => {
      const database = await openTestDatabase(backend);
      try {
        const refusedByDatabase = await rows<{ cp: number }>(
          database.db,
          sql`select cp from generate_series(1, 1114111) as cp
              where (cp < 55296 or cp > 57343) and innkeep_has_invisible(chr(cp))`,
        );
        const refusedByDomain: number[] = [];
        for (let cp = 1; cp <= 0x10ffff; cp++) {
          if (cp >= 0xd800 && cp <= 0xdfff) continue;
          if (hasInvisibleCharacter(String.fromCodePoint(cp))) refusedByDomain.push(cp);
        }
        expect(refusedByDatabase.map((row) => Number(row.cp))).toEqual(refusedByDomain);
      } finally {
        await database.close();
      }
    });

    it("room numbers are stored in the domain's normal form, and only in it", async () => {
      const database = await openTestDatabase(backend);
      try {
        const { db } = database;
        const [property] = await rows<{ id: string }>(
          db,
          sql`with u as (insert into users (issuer, subject) values ('t', 'rules') returning id)
              insert into properties (owner_id, name, code, currency, time_zone)
              select id, 'P', 'PROP-RULES', 'INR', 'UTC' from u returning id`,
        );
        const insertRoom = (number: string) =>
          db
            .execute(
              sql`insert into rooms (property_id, number, floor) values (${property?.id}, ${number}, 1)`,
            )
            .then(
              () => "stored",
              (error: { cause?: { code?: string } }) => error.cause?.code ?? "error",
            );
        const samples = [
          "101",
          "１０１",
          " 101",
          "101 ",
          "Ｇ－１２",
          "ﬁ",
          "\u212b",
          "A\u030a",
          "ｶ",
          "①",
          "x\u00a0y",
        ];
        for (const sample of samples) {
          const normal = normalizeIdentifier(sample);
          expect(await insertRoom(sample), JSON.stringify(sample)).toBe(
            sample === normal ? "stored" : "23514",
          );
          await db.execute(sql`delete from rooms`);
          expect(await insertRoom(normal), JSON.stringify(normal)).toBe("stored");
          await db.execute(sql`delete from rooms`);
        }
      } finally {
        await database.close();
      }
    });
  });
}

/** The columns a function's `INSERT INTO "<table>" (…)` names. */
async function insertedColumns(db: Db, fn: string, table: string): Promise<string[]> {
  const [row] = await rows<{ def: string }>(db, sql`select pg_get_functiondef(${fn}::regproc) as def`);
  const list = new RegExp(`INSERT INTO "${table}" \\(([^)]*)\\)`).exec(row?.def ?? "")?.[1];
  if (!list) throw new Error(`${fn} inserts into no ${table}`);
  return list.split(",").map((name) => name.trim().replaceAll('"', ""));
}

describe("the create function inserts what the create sends", () => {
  it("every column of the stay and of its activity entry, and no other", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const actor = { id: "00000000-0000-4000-8000-000000000001", name: "Clerk" };
      const input = {
        ...{ guestName: "A", guestPhone: "", guestEmail: "", roomId: null, roomTypeId: null },
        ...{ adults: 2, children: 0, checkInDate: "2030-01-01", checkOutDate: "2030-01-02" },
      } as const;
      const terms = { roomTypeId: null, roomId: null, nightlyRates: [1], total: 1, plan: { id: actor.id } };
      const stay = newStay(actor.id, actor.id, "RES-AAAAA", actor, input, terms, actor.id);
      const entry = activityRow(actor.id, actor, { action: "room.created", entityType: "b", entityId: null });
      const names = (table: Parameters<typeof getTableColumns>[0], keys: string[]) => {
        const columns: Record<string, { name: string }> = getTableColumns(table);
        return keys.map((key) => columns[key]?.name).sort();
      };
      const fn = "innkeep_create_reservation";
      expect((await insertedColumns(database.db, fn, "reservations")).sort()).toEqual(
        names(reservations, Object.keys(stay)),
      );
      expect((await insertedColumns(database.db, fn, "activity")).sort()).toEqual(
        names(activity, Object.keys(entry)),
      );
      const message = { kind: "booking_confirmation", reservationId: actor.id, to: "a@b.c" } as const;
      const email = outboxRow(actor.id, { ...message, subject: "", text: "", html: "" }, true);
      expect((await insertedColumns(database.db, fn, "emails")).sort()).toEqual(
        names(emails, Object.keys(email)),
      );
    } finally {
      await database.close();
    }
  });
});
