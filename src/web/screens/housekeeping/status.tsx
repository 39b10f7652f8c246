/**
 * Housekeeping and occupancy statuses as people read them (src/domain/labels.ts: "in progress", never the
 * stored `in_progress`), the product's four housekeeping buttons, and what today holds for a room.
 */
import type { HkStatus, RoomStatus } from "../../../domain/constants.js";
import { HK_STATUS_LABELS, ROOM_STATUS_LABELS } from "../../../domain/labels.js";
import type { DayMarks } from "./order.js";

/** The housekeeping buttons (docs/product.md#housekeeping-and-room-status), in workflow order. */
export const HK_ACTIONS: readonly { status: HkStatus; label: string }[] = [
  { status: "dirty", label: "Mark Dirty" },
  { status: "in_progress", label: "In Progress" },
  { status: "clean", label: "Mark Clean" },
  { status: "inspected", label: "Inspected" },
];

export function HkBadge({ status }: { status: HkStatus }) {
  return (
    <data className={`badge ${status}`} value={status} title={`Housekeeping: ${HK_STATUS_LABELS[status]}`}>
      {HK_STATUS_LABELS[status]}
    </data>
  );
}

export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  return (
    <data className={`badge ${status}`} value={status} title={`Occupancy: ${ROOM_STATUS_LABELS[status]}`}>
      {ROOM_STATUS_LABELS[status]}
    </data>
  );
}

/** "Guest leaves today", "Guest left today", "Arrival today": why a room comes first. */
export function DayTags({ marks }: { marks: DayMarks }) {
  if (!marks.departure && !marks.arrival) return null;
  return (
    <ul className="hk-day-tags" aria-label="Today">
      {marks.departure === "due" ? <li className="hk-tag departure">Guest leaves today</li> : null}
      {marks.departure === "left" ? <li className="hk-tag departure">Guest left today</li> : null}
      {marks.arrival ? <li className="hk-tag arrival">Arrival today</li> : null}
    </ul>
  );
}
