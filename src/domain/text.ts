/**
 * Rules for text people type. Two kinds:
 * - identifiers (room numbers): what staff say aloud and search by, so strings that render alike must be
 *   equal. They are NFKC-normalised (full-width "１０１" is "101") and trimmed, and may not contain invisible
 *   characters (zero-width spaces, bidi controls, other controls), which would make "101" and "101\u200B" two
 *   rooms that look the same. The database holds the same rule as a check constraint (migration 0006).
 * - free text (names, phones): kept as typed, except bidi embedding/override/isolate controls, which are
 *   stripped so a name cannot reverse the text around it (the web app also isolates names with `<bdi>`).
 * Neither may hold a lone UTF-16 surrogate: it has no UTF-8 encoding and would be silently replaced.
 */

/** Control, format (zero-width, bidi, soft hyphen…) and line/paragraph separator characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const LONE_SURROGATE = /\p{Cs}/u;

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

export function hasInvisibleCharacter(value: string): boolean {
  return INVISIBLE.test(value);
}

export function normalizeIdentifier(value: string): string {
  return value.normalize("NFKC").trim();
}

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}
