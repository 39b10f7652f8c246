import type { HkStatus } from "./constants.js";

// A fixed locale keeps the order identical on server and browser; numeric makes "2" sort before "10".
// Made on first use: building a collator is the most expensive part of sorting a hotel of plain numbers.
let collator: Intl.Collator | undefined;

/** A room number the collator would order by its numeric value alone: digits, no leading zero. */
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]*)$/;

/** Natural room order: "2" < "10" < "101" < "G-2" < "G-10". */
export function compareRoomNumbers(a: string, b: string): number {
  // Most hotels number their rooms: two plain numbers order by length, then digit by digit, which is
  // exactly the collator's numeric order, at a fraction of its cost (rooms.test.ts checks they agree).
  if (PLAIN_NUMBER.test(a) && PLAIN_NUMBER.test(b))
    return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  collator ??= new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  const order = collator.compare(a, b);
  if (order !== 0) return order;
  // "g-2" and "G-2" collate equal; break the tie so sorting is deterministic whatever the input order.
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Housekeeping has released the room for a guest; checking a guest into a room that is not ready asks the
 * clerk to confirm first (docs/product.md#housekeeping-and-room-status).
 */
export function isRoomReady(hkStatus: HkStatus): boolean {
  return hkStatus === "clean" || hkStatus === "inspected";
}
