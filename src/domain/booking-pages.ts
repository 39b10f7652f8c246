/**
 * The public booking engine's pages (docs/product.md#screens-and-routes): `/book/:code` books a stay at the
 * property with that code, `/book/manage/:token` shows and cancels one booking. The server serves the booking
 * page's own HTML for exactly these paths (src/server/http/web-app.ts) and the page reads the same paths to
 * choose what to show (src/web/book/main.tsx), so the two can never disagree about which URLs are its.
 */
export type BookingPage = { kind: "book"; code: string } | { kind: "manage"; token: string };

const MANAGE = /^\/book\/manage\/([^/]+)\/?$/;
const BOOK = /^\/book\/([^/]+)\/?$/;

/** Which booking page `pathname` is (percent-decoded), or null for any other path. */
export function bookingPageOf(pathname: string): BookingPage | null {
  const manage = MANAGE.exec(pathname);
  if (manage) {
    const token = decoded(manage[1] ?? "");
    return token ? { kind: "manage", token } : null;
  }
  const book = BOOK.exec(pathname);
  if (book) {
    const code = decoded(book[1] ?? "");
    return code ? { kind: "book", code } : null;
  }
  return null;
}

/** The manage page of a booking, as the confirmation shows it to the guest. */
export function managePath(token: string): string {
  return `/book/manage/${encodeURIComponent(token)}`;
}

/** A malformed escape ("%E0%A4%A") is no page of ours rather than an exception. */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
