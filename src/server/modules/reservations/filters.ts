/**
 * The reservation filters (docs/product.md#search-and-filters) as SQL conditions: one definition for the list
 * and the CSV export. Each condition is written as an index of migrations 0010 and 0019 expects it, so a search stays
 * an index scan.
 */
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { ReservationFilter } from "../../../domain/schemas/reservation-search.js";
import { foldForSearch } from "../../../domain/text.js";
import { reservations } from "../../db/schema.js";

/**
 * What `q` is matched against: code, guest name, phone and email, each folded (`innkeep_fold`, the database's
 * `foldForSearch`: no case, accents or punctuation) and joined by the unit separator (which no folded text
 * holds, so a match never spans two fields). It is the expression of the trigram index
 * `reservations_search_idx` (migration 0019), character for character; change both or neither.
 */
export const searchText = sql`(innkeep_fold(${reservations.code}) || E'\\x1f' || innkeep_fold(${reservations.guestName}) || E'\\x1f' || innkeep_fold(${reservations.guestPhone}) || E'\\x1f' || innkeep_fold(${reservations.guestEmail}))`;

/** `%`, `_` and the escape character itself match literally (backslash is LIKE's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Reservations whose code, guest name, phone or email contains `q`, folded alike ("mull" finds "Müller",
 * "oneill" finds "O'Neill"). A search of punctuation only folds to nothing and matches every stay, as a
 * blank one does. The search is folded here, by the same rule, so the index serves it.
 */
export function matchesSearch(q: string): SQL {
  return sql`${searchText} like ${`%${escapeLike(foldForSearch(q))}%`}`;
}

/**
 * The WHERE conditions (AND them) for one property's reservations that pass `filter`. The property comes
 * first and is always there, so no caller can search across tenants.
 */
export function reservationFilterConditions(propertyId: string, filter: ReservationFilter): SQL[] {
  const conditions: SQL[] = [eq(reservations.propertyId, propertyId)];
  if (filter.q) conditions.push(matchesSearch(filter.q));
  if (filter.status) conditions.push(inArray(reservations.status, filter.status));
  if (filter.arrivingOn) conditions.push(eq(reservations.checkInDate, filter.arrivingOn));
  if (filter.departingOn) conditions.push(eq(reservations.checkOutDate, filter.departingOn));
  if (filter.inHouseOn) {
    // check_in_date <= d < check_out_date, written as the GiST index reservations_property_dates_idx has it.
    conditions.push(
      sql`daterange(${reservations.checkInDate}, ${reservations.checkOutDate}, '[)') @> ${filter.inHouseOn}::date`,
    );
  }
  return conditions;
}
