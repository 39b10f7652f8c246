/**
 * One room on a housekeeper's list: its number, where it is, its state as a label, why it comes first, and
 * one big button for its next state (src/web/screens/housekeeping/order.ts, nextHkAction).
 */
import type { Room } from "../../../domain/schemas/rooms.js";
import { FormError } from "../../components/FormError.js";
import { type DayMarks, nextHkAction } from "../housekeeping/order.js";
import { DayTags, HkBadge, RoomStatusBadge } from "../housekeeping/status.js";
import { useHkStatus } from "../housekeeping/useHkStatus.js";

export function TaskCard({ room, marks }: { room: Room; marks: DayMarks }) {
  const { hkStatus, set, saving, error } = useHkStatus(room);
  const next = nextHkAction(hkStatus);
  const headingId = `task-${room.id}`;
  return (
    <li className="task-card" data-hk={hkStatus}>
      <article aria-labelledby={headingId} aria-busy={saving}>
        <header className="task-head">
          <h2 id={headingId} className="task-room">
            Room {room.number}
          </h2>
          <HkBadge status={hkStatus} />
        </header>
        <p className="task-meta">
          <span>{room.roomTypeName ?? "No type"}</span>
          <span>Floor {room.floor}</span>
          <RoomStatusBadge status={room.status} />
        </p>
        <DayTags marks={marks} />
        <button
          type="button"
          // An inspected room is done: making it dirty again is offered, not urged.
          className={hkStatus === "inspected" ? "button task-next" : "button primary task-next"}
          onClick={() => set(next.status)}
        >
          {next.label}
        </button>
        <FormError message={error} />
      </article>
    </li>
  );
}
