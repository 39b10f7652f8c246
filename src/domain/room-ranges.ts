/**
 * "Add rooms" in bulk (docs/product.md#room-types-and-rooms): the room numbers from a first to a last one,
 * e.g. 101 to 112, or G-01 to G-12. The web form previews them with this function and sends the list; the
 * server takes any list of distinct numbers up to LIMITS.bulkRooms, so the range rule lives here only.
 */
import { LIMITS } from "./constants.js";

/** A number's text before its trailing digits, and the digits. */
const TRAILING_DIGITS = /^(.*?)(\d+)$/;

export type RoomRange = { numbers: string[]; problem: null } | { numbers: []; problem: string };

const refused = (problem: string): RoomRange => ({ numbers: [], problem });

/**
 * The numbers from `first` to `last`, both included. Both must end in digits after the same prefix
 * ("G-1" to "G-12"); a first number written with leading zeros ("001") keeps its width ("001" … "012").
 * A problem is a sentence for the person typing, never a list longer than the bound.
 */
export function roomNumberRange(first: string, last: string): RoomRange {
  const from = TRAILING_DIGITS.exec(first.trim());
  const to = TRAILING_DIGITS.exec(last.trim());
  if (!first.trim() || !last.trim()) return refused("Enter the first and the last room number.");
  if (!from || !to) return refused("Both numbers must end in digits, e.g. 101 to 112.");
  const [, prefix = "", fromDigits = ""] = from;
  const [, lastPrefix = "", toDigits = ""] = to;
  if (prefix !== lastPrefix) return refused(`Both numbers must start the same way (${prefix || "digits"}).`);
  // Beyond 15 digits a number is no longer counted exactly (Number.MAX_SAFE_INTEGER has 16).
  if (fromDigits.length > 15 || toDigits.length > 15) return refused("Those numbers are too long to count.");
  const start = Number(fromDigits);
  const end = Number(toDigits);
  if (end < start) return refused("The last number must not be below the first.");
  const count = end - start + 1;
  if (count > LIMITS.bulkRooms) return refused(`Add at most ${LIMITS.bulkRooms} rooms at a time.`);
  const width = fromDigits.startsWith("0") ? fromDigits.length : 0;
  const numbers = Array.from(
    { length: count },
    (_, index) => `${prefix}${String(start + index).padStart(width, "0")}`,
  );
  const tooLong = numbers.find((number) => number.length > LIMITS.roomNumber);
  if (tooLong) return refused(`Room numbers must be at most ${LIMITS.roomNumber} characters.`);
  return { numbers, problem: null };
}
