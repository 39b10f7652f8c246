/** Finding a guest: the search condition, written as the trigram index of migration 0021 has it. */
import { type SQL, sql } from "drizzle-orm";
import { foldForSearch } from "../../../domain/text.js";
import { escapeLike } from "../reservations/index.js";

/**
 * The profile's folded name, email, phone and document number, joined by the unit separator (so a match never
 * spans two fields): the stored column `search_text` that `guests_search_idx` indexes (migration 0021).
 */
export const guestSearchText = sql`"guests"."search_text"`;

/** Profiles whose name, email, phone or document number contains `q`, folded alike ("mull" finds "Müller"). */
export function guestMatches(q: string): SQL {
  return sql`${guestSearchText} like ${`%${escapeLike(foldForSearch(q))}%`}`;
}

/**
 * The shortest folded search the trigram index can serve (a trigram is three characters). A shorter one
 * matches many profiles, which the newest-first index finds soonest.
 */
export const TRIGRAM_LENGTH = 3;
