/** Finding a guest: the search text and its condition, written as the trigram index of migration 0021 has them. */
import { type SQL, sql } from "drizzle-orm";
import { foldForSearch } from "../../../domain/text.js";
import { guests } from "../../db/schema.js";
import { escapeLike } from "../reservations/index.js";

/**
 * Name, email, phone and document number, each folded (`innkeep_fold`) and joined by the unit separator, so a
 * match never spans two fields. It is the expression of `guests_search_idx` (migration 0021), character for
 * character; change both or neither.
 */
export const guestSearchText = sql`(innkeep_fold(${guests.name}) || E'\\x1f' || innkeep_fold(${guests.email}) || E'\\x1f' || innkeep_fold(${guests.phone}) || E'\\x1f' || innkeep_fold(${guests.documentNumber}))`;

/** Profiles whose name, email, phone or document number contains `q`, folded alike ("mull" finds "Müller"). */
export function guestMatches(q: string): SQL {
  return sql`${guestSearchText} like ${`%${escapeLike(foldForSearch(q))}%`}`;
}
