/**
 * Housekeeping and occupancy statuses are shown as their values ("in_progress"), as in the data model
 * (docs/product.md#housekeeping-and-room-status), so what staff read matches what reports and exports say.
 */
import type { HkStatus, RoomStatus } from "../../../domain/constants.js";

const HK_LABELS: Record<HkStatus, string> = {
  dirty: "dirty",
  in_progress: "in_progress",
  clean: "clean",
  inspected: "inspected",
};

/** The housekeeping buttons (docs/product.md#housekeeping-and-room-status), in workflow order. */
export const HK_ACTIONS: readonly { status: HkStatus; label: string }[] = [
  { status: "dirty", label: "Mark Dirty" },
  { status: "in_progress", label: "In Progress" },
  { status: "clean", label: "Mark Clean" },
  { status: "inspected", label: "Inspected" },
];

const ROOM_STATUS_LABELS: Record<RoomStatus, string> = { vacant: "vacant", occupied: "occupied" };

export function HkBadge({ status }: { status: HkStatus }) {
  return (
    <data className={`badge ${status}`} value={status} title={`Housekeeping: ${HK_LABELS[status]}`}>
      {HK_LABELS[status]}
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
