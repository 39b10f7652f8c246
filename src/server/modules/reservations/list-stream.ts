/**
 * The whole reservation list (no `limit`), as the API keeps it (docs/product.md#paging), streamed: keyset
 * pages of the same query the Reservations screen pages with, each written as one chunk of the JSON array,
 * the next read only once the reply has taken the last (`keysetPages`). Built whole, the bench's 200k stays
 * were 113 MB of JSON and took the server's RSS up by 540 MB; paged, the list stays a page or two in memory
 * (decision 030).
 */
import { Readable } from "node:stream";
import type { ReservationListQuery } from "../../../domain/schemas/reservation-search.js";
import type { Db } from "../../db/connect.js";
import { keysetPages } from "../../db/pages.js";
import { presentReservation } from "./presenter.js";
import { listReservations } from "./service.js";

/** Stays per page of the stream. */
const LIST_STREAM_PAGE = 500;

export async function reservationListStream(
  db: Db,
  propertyId: string,
  query: Omit<ReservationListQuery, "limit">,
  pageSize = LIST_STREAM_PAGE,
): Promise<Readable> {
  const pageAfter = (before: string | undefined) =>
    listReservations(db, propertyId, { ...query, limit: pageSize, before });
  // Read before the answer starts, so a refused query (a `before` that names no stay) is still a 400.
  const first = await pageAfter(query.before);
  async function* chunks() {
    let separator = "[";
    for await (const page of keysetPages(first, pageSize, (last) => pageAfter(last.row.id))) {
      if (page.length === 0) continue;
      // The page's array without its brackets, after the array's opening or the previous page's comma.
      const items = JSON.stringify(page.map(presentReservation));
      yield Buffer.from(`${separator}${items.slice(1, -1)}`);
      separator = ",";
    }
    yield Buffer.from(separator === "[" ? "[]" : "]");
  }
  return Readable.from(chunks(), { objectMode: false });
}
