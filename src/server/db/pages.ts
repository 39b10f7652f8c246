/**
 * Keyset pages: `first`, then the page after each page's last row, until a page comes back shorter than
 * `size` (the whole reservation list, the CSV export). Each page is its own statement: a row is read at most
 * once and in order, and a change made meanwhile shows in the pages not yet read.
 */
export async function* keysetPages<Row>(
  first: Row[],
  size: number,
  after: (last: Row) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let page = first;
  for (;;) {
    yield page;
    const last = page.at(-1);
    if (last === undefined || page.length < size) return;
    page = await after(last);
  }
}
