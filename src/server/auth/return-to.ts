/**
 * Where sign-in may send the browser afterwards. Only pages of our own app qualify: the value is parsed the
 * way a browser parses a Location header (relative to PUBLIC_URL), after refusing the characters browsers
 * silently drop or reinterpret (tab, CR, LF and the other controls turn `/\t/evil.example` into
 * `//evil.example`). The answer is the URL parser's own serialisation, so it is plain ASCII
 * (percent-encoded) and always safe in a header.
 */
export const DEFAULT_RETURN_TO = "/hms";
/** Far above any real app path; longer values only come from someone probing. */
const MAX_RETURN_TO = 1000;
const APP_ROOTS = ["/", DEFAULT_RETURN_TO];

// Controls (C0, DEL, C1), invisible format characters (bidi, zero-width), line/paragraph separators, lone
// surrogates (no UTF-8 form, so no percent-encoding) and backslashes (browsers read them as slashes).
const REFUSED_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/u;

export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  if (!value || value.length > MAX_RETURN_TO || !value.startsWith("/") || REFUSED_CHARACTERS.test(value)) {
    return DEFAULT_RETURN_TO;
  }
  let url: URL;
  try {
    url = new URL(value, `${publicUrl}/`);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  if (url.origin !== new URL(publicUrl).origin) return DEFAULT_RETURN_TO;
  const underApp = APP_ROOTS.some(
    (root) => url.pathname === root || (root !== "/" && url.pathname.startsWith(`${root}/`)),
  );
  return underApp ? `${url.pathname}${url.search}${url.hash}` : DEFAULT_RETURN_TO;
}
