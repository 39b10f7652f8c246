/**
 * A stay's guest (docs/product.md#guests): the profile a booking belongs to, and the profile writes a stay's
 * guest fields make. Here, not in the guests module, because every stay write needs them and the guests module
 * builds on the stays (its profile page lists them): this way neither imports the other in a circle.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import type { Db } from "../../db/connect.js";
import { guests } from "../../db/schema.js";

export type GuestRow = typeof guests.$inferSelect;

export const GUEST_NOT_FOUND = "Guest not found";

/** One profile of the property, optionally locked for the rest of the transaction. */
export async function findGuest(
  db: Db,
  propertyId: string,
  id: string,
  options: { lock?: boolean; field?: string } = {},
): Promise<GuestRow> {
  const query = db
    .select()
    .from(guests)
    .where(and(eq(guests.propertyId, propertyId), eq(guests.id, id)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) {
    throw new AppError(
      "not_found",
      options.field ? `${options.field}: ${GUEST_NOT_FOUND}` : GUEST_NOT_FOUND,
      options.field ? [{ field: options.field, message: GUEST_NOT_FOUND }] : undefined,
    );
  }
  return row;
}

/** Writes profile fields in the caller's transaction (no entry: the caller records what the change was). */
export async function writeGuest(
  tx: Db,
  propertyId: string,
  id: string,
  set: Partial<GuestRow>,
): Promise<GuestRow> {
  const [row] = await tx
    .update(guests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(guests.propertyId, propertyId), eq(guests.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", GUEST_NOT_FOUND);
  return row;
}

export function refuseAnonymized(row: GuestRow, what: string): void {
  if (row.anonymizedAt !== null) {
    throw new AppError("invalid_transition", `An anonymized guest's profile cannot be ${what}`);
  }
}

/** The contact fields a booking may send; they are its guest's. */
export type StayGuestFields = {
  guestId?: string;
  guestName?: string;
  guestPhone?: string;
  guestEmail?: string;
  /** A new guest's country (ISO 3166 alpha-2), as the booking engine asks it. */
  guestCountry?: string;
  /** A new guest's language (src/domain/languages.ts), the one they booked in on the booking engine. */
  guestLanguage?: string;
};

/**
 * The profile a new stay belongs to, and whether the create must write it. A returning guest's fields sent
 * (not blank) with the booking update that profile; without `guestId` the booking makes a profile.
 */
export async function stayGuest(
  db: Db,
  propertyId: string,
  input: StayGuestFields,
): Promise<{
  /** `language`: a returning guest's profile's, a new one's as booked online, else the database's default. */
  guest: Pick<GuestRow, "id" | "name" | "phone" | "email"> & { country?: string; language?: string };
  write: boolean;
}> {
  if (input.guestId === undefined) {
    const guest = {
      id: randomUUID(),
      name: input.guestName ?? "",
      phone: input.guestPhone ?? "",
      email: input.guestEmail ?? "",
      ...(input.guestCountry ? { country: input.guestCountry } : {}),
      ...(input.guestLanguage ? { language: input.guestLanguage } : {}),
    };
    return { guest, write: true };
  }
  const row = await findGuest(db, propertyId, input.guestId, { field: "guestId" });
  refuseAnonymized(row, "booked");
  // A field left blank keeps the profile's value: a booking never erases what the hotel knows.
  const given = (value: string | undefined, kept: string) => (value ? value : kept);
  const guest = {
    id: row.id,
    name: given(input.guestName, row.name),
    phone: given(input.guestPhone, row.phone),
    email: given(input.guestEmail, row.email),
    // Read with the profile, for the confirmation in the guest's language (confirmation.ts).
    language: row.language,
  };
  const write = guest.name !== row.name || guest.phone !== row.phone || guest.email !== row.email;
  return { guest, write };
}
