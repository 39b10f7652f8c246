import type { HkStatus } from "./constants.js";

// A fixed locale keeps the order identical on server and browser; numeric makes "2" sort before "10".
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Natural room order: "2" < "10" < "101" < "G-2" < "G-10". */
export function compareRoomNumbers(a: string, b: string): number {
  const order = collator.compare(a, b);
  if (order !== 0) return order;
  // "g-2" and "G-2" collate equal; break the tie so sorting is deterministic whatever the input order.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Housekeeping has released the room for a guest (DESIGN §9.2: checking in elsewhere asks for confirmation). */
export function isRoomReady(hkStatus: HkStatus): boolean {
  return hkStatus === "clean" || hkStatus === "inspected";
}
