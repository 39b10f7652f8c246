/**
 * A guest's rights over their data (GDPR articles 15 and 17, India's DPDP Act; docs/product.md#guests): the
 * export of everything held about them, the erasure (anonymization) that keeps amounts, dates and codes, and
 * the retention rule that erases guests whose last stay ended long ago (applied at day close).
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { ANONYMIZED_GUEST_NAME, ROOM_HOLDING_STATUSES } from "../../../domain/constants.js";
import { addMonths } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { GuestExport } from "../../../domain/schemas/guests.js";
import type { Db } from "../../db/connect.js";
import {
  activity,
  emails,
  folioCharges,
  guests,
  idempotencyKeys,
  invoices,
  payments,
  properties,
  reservations,
} from "../../db/schema.js";
import { escapeHtml } from "../../mail/templates.js";
import { type Actor, type Changes, recordActivity, withActivity } from "../activity/index.js";
import { presentCharge } from "../folio/index.js";
import { presentInvoice } from "../invoices/index.js";
import { presentPayment } from "../payments/index.js";
import { findGuest, listGuestStays, presentReservation } from "../reservations/index.js";
import { type GuestRow, presentGuest } from "./presenter.js";

type ActivityRow = typeof activity.$inferSelect;

/** What the export says the hotel keeps after an erasure, and why. */
export const RETAINED_AFTER_ERASURE =
  "After an erasure the hotel keeps, without your name or contact details: each stay's dates, room, " +
  "amounts and reservation code, and each payment's amount and method, as accounting law requires. " +
  "Issued invoices keep their bill-to details unchanged, as tax law requires.";

/** The profile after an erasure: every personal field blank; the language (not personal) is kept. */
export const ERASED_PROFILE = {
  name: ANONYMIZED_GUEST_NAME,
  email: "",
  phone: "",
  country: "",
  dateOfBirth: null,
  documentType: null,
  documentNumber: "",
  address: "",
  taxId: "",
  notes: "",
  tags: [] as string[],
  marketingConsent: false,
} satisfies Partial<GuestRow>;

/** Fields of a log entry's changes that hold a guest's personal data, with what an erasure leaves there. */
const ERASED_VALUES: Record<string, unknown> = {
  ...ERASED_PROFILE,
  guestName: ANONYMIZED_GUEST_NAME,
  guestPhone: "",
  guestEmail: "",
  mergedGuest: ANONYMIZED_GUEST_NAME,
};

/** The records whose log entries are about the person: the profile, profiles merged into it, its stays. */
async function entryTargets(
  db: Db,
  propertyId: string,
  guestId: string,
  stayIds: string[],
): Promise<string[]> {
  const targets = new Set([guestId, ...stayIds]);
  // Merges are followed back: a profile merged into this one may itself have absorbed others.
  let frontier = [guestId];
  while (frontier.length > 0) {
    const merges = await db
      .select({ changes: activity.changes })
      .from(activity)
      .where(
        and(
          eq(activity.propertyId, propertyId),
          inArray(activity.entityId, frontier),
          eq(activity.action, "guest.merged"),
        ),
      );
    frontier = merges
      .map((row) => (row.changes as Changes).mergedGuestId?.before)
      .filter((id): id is string => typeof id === "string" && !targets.has(id));
    for (const id of frontier) targets.add(id);
  }
  return [...targets];
}

async function entriesAbout(db: Db, propertyId: string, ids: string[]): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.propertyId, propertyId), inArray(activity.entityId, ids)))
    .orderBy(asc(activity.propertySeq));
}

/** Everything the property holds about the person, as one document; the export itself is logged. */
export async function exportGuest(
  db: Db,
  propertyId: string,
  actor: Actor,
  id: string,
  now: Date,
): Promise<GuestExport> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await findGuest(tx, propertyId, id);
    const [property] = await tx
      .select({ id: properties.id, name: properties.name, code: properties.code })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (!property) throw new AppError("not_found", "Property not found");
    const stays = await listGuestStays(tx, propertyId, id);
    const stayIds = stays.map((stay) => stay.row.id);
    const codes = new Map(stays.map((stay) => [stay.row.id, stay.row.code]));
    const paid = stayIds.length
      ? await tx
          .select()
          .from(payments)
          .where(and(eq(payments.propertyId, propertyId), inArray(payments.reservationId, stayIds)))
          .orderBy(asc(payments.createdAt), asc(payments.id))
      : [];
    // One after another: a transaction's connection takes one query at a time.
    const posted = stayIds.length
      ? await tx
          .select()
          .from(folioCharges)
          .where(and(eq(folioCharges.propertyId, propertyId), inArray(folioCharges.reservationId, stayIds)))
          .orderBy(asc(folioCharges.createdAt), asc(folioCharges.id))
      : [];
    const documents = stayIds.length
      ? await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.propertyId, propertyId), inArray(invoices.reservationId, stayIds)))
          .orderBy(asc(invoices.createdAt), asc(invoices.id))
      : [];
    const entries = await entriesAbout(tx, propertyId, await entryTargets(tx, propertyId, id, stayIds));
    await recordActivity(tx, propertyId, actor, {
      action: "guest.exported",
      entityType: "guest",
      entityId: id,
    });
    return {
      exportedAt: now.toISOString(),
      property,
      guest: presentGuest(row),
      stays: stays.map(presentReservation),
      payments: paid.map((payment) => ({
        ...presentPayment(payment),
        reservationCode: codes.get(payment.reservationId) ?? "",
      })),
      folioLines: posted.map((line) => ({
        ...presentCharge(line),
        reservationCode: codes.get(line.reservationId) ?? "",
      })),
      invoices: documents.map(presentInvoice),
      activity: entries.map((entry) => ({
        id: entry.id,
        at: new Date(entry.at).toISOString(),
        actorId: entry.actorId,
        actorName: entry.actorName,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        changes: entry.changes as Changes,
      })),
      retained: RETAINED_AFTER_ERASURE,
    };
  });
}

/** Personal values as they appear in free text: long enough that replacing them cannot hit unrelated words. */
function secretsOf(rows: ActivityRow[], profile: GuestRow): string[] {
  const values = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string" && value.trim().length >= 3 && value !== ANONYMIZED_GUEST_NAME) {
      values.add(value.trim());
    }
  };
  for (const field of ["name", "email", "phone", "documentNumber", "taxId", "address", "notes"] as const) {
    add(profile[field]);
  }
  for (const row of rows) {
    for (const [field, change] of Object.entries(row.changes as Changes)) {
      if (field in ERASED_VALUES) {
        add(change.before);
        add(change.after);
      }
    }
  }
  // Longest first, so a full name goes before a part of it.
  return [...values].sort((a, b) => b.length - a.length);
}

function scrub(value: unknown, secrets: string[]): unknown {
  if (typeof value === "string") {
    let text = value;
    for (const secret of secrets) {
      text = text.replace(new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "");
    }
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, secrets)]));
  }
  return value;
}

/** An entry's changes with the person's data erased: personal fields blanked, other text scrubbed of it. */
export function eraseChanges(changes: Changes, secrets: string[]): Changes {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => {
      if (!(field in ERASED_VALUES)) return [field, scrub(change, secrets) as Changes[string]];
      const erased = ERASED_VALUES[field];
      return [
        field,
        {
          before: change.before === null ? null : erased,
          after: change.after === null ? null : erased,
        },
      ];
    }),
  );
}

/**
 * The outbox's messages about the stays: the person's address and name taken out of the recipient, subject
 * and both parts (a message still waiting to be sent then goes to nobody, so it is given up).
 */
async function eraseEmails(tx: Db, propertyId: string, stayIds: string[], secrets: string[]): Promise<void> {
  const found = await tx
    .select({
      id: emails.id,
      to: emails.toAddress,
      subject: emails.subject,
      text: emails.textBody,
      html: emails.htmlBody,
    })
    .from(emails)
    .where(and(eq(emails.propertyId, propertyId), inArray(emails.reservationId, stayIds)));
  for (const message of found) {
    const to = scrub(message.to, secrets) as string;
    await tx
      .update(emails)
      .set({
        toAddress: to,
        subject: scrub(message.subject, secrets) as string,
        textBody: scrub(message.text, secrets) as string,
        // The HTML part has the words as escaped for HTML (an apostrophe in a name).
        htmlBody: scrub(message.html, [...secrets, ...secrets.map(escapeHtml)]) as string,
        ...(to === message.to
          ? {}
          : { status: sql`case when ${emails.status} = 'queued' then 'failed' else ${emails.status} end` }),
      })
      .where(and(eq(emails.propertyId, propertyId), eq(emails.id, message.id)));
  }
}

/**
 * Erases the person: the profile's personal fields, the copies on its stays (the database's, migration
 * 0021), the log entries about the profile, the profiles merged into it and its stays, the notes of its
 * stays' payments, the emails about its stays, and the kept answers of idempotent requests that returned them. Amounts, dates, codes
 * and ids stay. Refused while a stay is booked or in house; an anonymized guest is answered as it is.
 */
export async function anonymizeGuest(
  db: Db,
  propertyId: string,
  actor: Actor,
  id: string,
): Promise<GuestRow> {
  const current = await findGuest(db, propertyId, id);
  if (current.anonymizedAt !== null) return current;
  return withActivity(
    db,
    propertyId,
    actor,
    async (tx) => {
      const before = await findGuest(tx, propertyId, id, { lock: true });
      if (before.anonymizedAt !== null) return before;
      const stays = await listGuestStays(tx, propertyId, id);
      const open = stays.find((stay) => ROOM_HOLDING_STATUSES.includes(stay.row.status as never));
      if (open) {
        throw new AppError(
          "invalid_transition",
          `This guest cannot be anonymized while stay ${open.row.code} is booked or checked in`,
        );
      }
      const stayIds = stays.map((stay) => stay.row.id);
      const entries = await entriesAbout(tx, propertyId, await entryTargets(tx, propertyId, id, stayIds));
      const secrets = secretsOf(entries, before);
      // The one path that may rewrite a log entry or a payment's note (migration 0021's triggers check it).
      await tx.execute(sql.raw("set local innkeep.erasing = 'on'"));
      for (const entry of entries) {
        const erased = eraseChanges(entry.changes as Changes, secrets);
        if (JSON.stringify(erased) === JSON.stringify(entry.changes)) continue;
        await tx
          .update(activity)
          .set({ changes: erased })
          .where(and(eq(activity.propertyId, propertyId), eq(activity.id, entry.id)));
      }
      if (stayIds.length > 0) {
        const notes = await tx
          .select({ id: payments.id, note: payments.note })
          .from(payments)
          .where(and(eq(payments.propertyId, propertyId), inArray(payments.reservationId, stayIds)));
        for (const payment of notes) {
          const note = scrub(payment.note, secrets) as string;
          if (note === payment.note) continue;
          await tx
            .update(payments)
            .set({ note })
            .where(and(eq(payments.propertyId, propertyId), eq(payments.id, payment.id)));
        }
      }
      await tx.execute(sql.raw("set local innkeep.erasing = 'off'"));
      if (stayIds.length > 0) await eraseEmails(tx, propertyId, stayIds, secrets);
      const ids = [id, ...stayIds];
      await tx
        .delete(idempotencyKeys)
        .where(
          sql`${idempotencyKeys.responseBody} like any (${`{${ids.map((x) => `"%${x}%"`).join(",")}}`}::text[])`,
        );
      const [after] = await tx
        .update(guests)
        .set({ ...ERASED_PROFILE, anonymizedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(guests.propertyId, propertyId), eq(guests.id, id)))
        .returning();
      if (!after) throw new AppError("not_found", "Guest not found");
      return after;
    },
    (after) => ({ action: "guest.anonymized", entityType: "guest", entityId: after.id }),
  );
}

/** Most guests one call of the retention rule erases; the day close calls again until none are left. */
export const RETENTION_BATCH = 200;

/**
 * The guests whose last stay ended (or, with no stay, whose profile was made) more than `months` before
 * `today`, with no stay booked or in house, not yet erased: at most `RETENTION_BATCH` of them, oldest first.
 */
export async function expiredGuests(
  db: Db,
  propertyId: string,
  today: string,
  months: number,
): Promise<string[]> {
  const cutoff = addMonths(today, -months);
  const rows = await db
    .select({ id: guests.id })
    .from(guests)
    .where(
      and(
        eq(guests.propertyId, propertyId),
        isNull(guests.anonymizedAt),
        sql`not exists (select 1 from ${reservations} r where r.property_id = ${guests.propertyId}
              and r.guest_id = ${guests.id}
              and (innkeep_holds_room(r.status) or r.check_out_date >= ${cutoff}::date))`,
        sql`${guests.createdAt} < ${cutoff}::date`,
      ),
    )
    .orderBy(asc(guests.createdAt), asc(guests.id))
    .limit(RETENTION_BATCH);
  return rows.map((row) => row.id);
}

/**
 * The retention rule (property setting `guestRetentionMonths`): erases each expired guest, one transaction
 * and one entry each, in batches; answers how many were erased. Null months keeps everyone.
 */
export async function anonymizeExpiredGuests(
  db: Db,
  propertyId: string,
  actor: Actor,
  today: string,
  months: number | null,
): Promise<number> {
  if (months === null) return 0;
  let erased = 0;
  for (;;) {
    const ids = await expiredGuests(db, propertyId, today, months);
    for (const id of ids) {
      await anonymizeGuest(db, propertyId, actor, id);
      erased++;
    }
    if (ids.length < RETENTION_BATCH) return erased;
  }
}
