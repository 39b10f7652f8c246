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

// Search folding (docs/product.md#search-and-filters): "mull" finds "Müller", "oneill" finds "O'Neill",
// "rao" finds "RAO". The database holds the same rule as `innkeep_fold` (migration 0019), which the
// reservation search index is built on; a test checks that both answer alike on every character below.
// It is a fixed table rather than locale case mapping or Unicode normalisation, so that PGlite,
// PostgreSQL and Citus (whatever their locale) and every browser fold exactly alike.

/** Letters that fold to two (done first). */
export const FOLD_PAIRS: readonly (readonly [string, string])[] = [
  ["ß", "ss"],
  ["ẞ", "ss"],
  ["æ", "ae"],
  ["Æ", "ae"],
  ["œ", "oe"],
  ["Œ", "oe"],
  ["þ", "th"],
  ["Þ", "th"],
  ["ĳ", "ij"],
  ["Ĳ", "ij"],
];

/**
 * Then each character of FOLD_FROM becomes the one at the same place in FOLD_TO: capitals to small letters
 * (ASCII, Latin, Greek, Cyrillic), accented Latin and Greek letters to their base letter (ø, ł, đ too).
 */
export const FOLD_FROM =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƒƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹΆΈΉΊΌΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰςϊϋόύώЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ";
export const FOLD_TO =
  "abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsfoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyαεηιουωιαβγδεζηθικλμνξοπρστυφχψωιυαεηιυσιυουωѐёђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюя";

/**
 * Then punctuation, spaces, symbols and combining accents go (ASCII and Latin-1 punctuation, modifier
 * apostrophes, U+0300–036F, general punctuation with its dashes, curly quotes and invisible characters).
 * Letters and marks of other scripts (Devanagari's vowel signs) stay as typed.
 */
export const FOLD_DROP =
  "[\\u0001-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00BF\\u00D7\\u00F7\\u02B9-\\u02DD\\u0300-\\u036F\\u2000-\\u206F\\u2E00-\\u2E7F\\u3000-\\u303F\\uFF01-\\uFF0F]";
const DROP = new RegExp(FOLD_DROP, "g");
const FOLD_MAP = new Map([...FOLD_FROM].map((character, i) => [character, FOLD_TO[i] as string]));

/** `value` folded for search: small letters without accents, punctuation and spaces. */
export function foldForSearch(value: string): string {
  let folded = value;
  for (const [from, to] of FOLD_PAIRS) folded = folded.replaceAll(from, to);
  folded = [...folded].map((character) => FOLD_MAP.get(character) ?? character).join("");
  return folded.replace(DROP, "");
}
