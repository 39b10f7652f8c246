/**
 * Merging two profiles of one person (docs/product.md#guests): the source's stays move to the target, the
 * target takes what it lacks from the source (a blank email, phone or document; the source's tags), and the
 * source is deleted. One transaction, one `guest.merged` entry on the target.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import type { Db } from "../../db/connect.js";
import { guests, reservations } from "../../db/schema.js";
import { type Actor, type Changes, changed, withActivity } from "../activity/index.js";
import { findGuest, GUEST_NOT_FOUND, refuseAnonymized, writeGuest } from "../reservations/index.js";
import { type GuestRow, LOGGED_GUEST_FIELDS, presentGuest } from "./presenter.js";

/** Fields the target keeps unless blank, when the source has them. */
const FILLED_FIELDS = [
  "email",
  "phone",
  "country",
  "dateOfBirth",
  "documentType",
  "documentNumber",
  "address",
  "taxId",
  "notes",
] as const satisfies readonly (keyof GuestRow)[];

/** What the target becomes: its own values, blanks filled from the source, tags of both. */
export function mergedProfile(target: GuestRow, source: GuestRow): Partial<GuestRow> {
  const set: Partial<GuestRow> = {};
  for (const field of FILLED_FIELDS) {
    const mine = target[field];
    if ((mine === null || mine === "") && source[field] !== null && source[field] !== "") {
      Object.assign(set, { [field]: source[field] });
    }
  }
  const tags = [...new Set([...target.tags, ...source.tags])];
  if (tags.length !== target.tags.length) set.tags = tags;
  return set;
}

export async function mergeGuests(
  db: Db,
  propertyId: string,
  actor: Actor,
  targetId: string,
  sourceId: string,
): Promise<void> {
  await withActivity(
    db,
    propertyId,
    actor,
    async (tx) => {
      // Both rows locked in id order, so two merges of the same pair cannot deadlock.
      const locked = await tx
        .select()
        .from(guests)
        .where(and(eq(guests.propertyId, propertyId), inArray(guests.id, [targetId, sourceId])))
        .orderBy(asc(guests.id))
        .for("update");
      const target = locked.find((row) => row.id === targetId) ?? (await findGuest(tx, propertyId, targetId));
      const source = locked.find((row) => row.id === sourceId);
      if (!source) {
        throw new AppError("not_found", `sourceId: ${GUEST_NOT_FOUND}`, [
          { field: "sourceId", message: GUEST_NOT_FOUND },
        ]);
      }
      if (source.id === target.id) {
        throw new AppError("invalid_transition", "A guest cannot be merged into itself");
      }
      refuseAnonymized(target, "merged");
      refuseAnonymized(source, "merged");
      const moved = await tx
        .update(reservations)
        .set({ guestId: target.id })
        .where(and(eq(reservations.propertyId, propertyId), eq(reservations.guestId, source.id)))
        .returning({ id: reservations.id });
      const set = mergedProfile(target, source);
      const after = Object.keys(set).length > 0 ? await writeGuest(tx, propertyId, target.id, set) : target;
      await tx.delete(guests).where(and(eq(guests.propertyId, propertyId), eq(guests.id, source.id)));
      return { target, after, source, moved: moved.length };
    },
    ({ target, after, source, moved }) => {
      const changes: Changes = {
        ...changed(presentGuest(target), presentGuest(after), LOGGED_GUEST_FIELDS),
        mergedGuest: { before: source.name, after: null },
        // Not shown: lets an erasure of the target find the entries of the profiles merged into it.
        mergedGuestId: { before: source.id, after: null },
        movedStays: { before: null, after: moved },
      };
      return { action: "guest.merged", entityType: "guest", entityId: target.id, changes };
    },
  );
}
