/**
 * One room on a housekeeper's list: its number, where it is, its state as a label, why it comes first, and
 * one big button for its next state (src/web/screens/housekeeping/order.ts, nextHkAction).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Room } from "../../../domain/schemas/rooms.js";
import { FormError } from "../../components/FormError.js";
import { type DayMarks, nextHkAction } from "../housekeeping/order.js";
import { DayTags, HK_ACTION_WORDS, HkBadge, RoomStatusBadge } from "../housekeeping/status.js";
import { useHkStatus } from "../housekeeping/useHkStatus.js";

export function TaskCard({ room, marks }: { room: Room; marks: DayMarks }) {
  const { hkStatus, set, saving, error } = useHkStatus(room);
  const next = nextHkAction(hkStatus);
  const headingId = `task-${room.id}`;
  const { t } = useLingui();
  const { number, floor } = room;
  return (
    <li className="task-card" data-hk={hkStatus}>
      <article aria-labelledby={headingId} aria-busy={saving}>
        <header className="task-head">
          <h2 id={headingId} className="task-room">
            <Trans>Room {number}</Trans>
          </h2>
          <HkBadge status={hkStatus} />
        </header>
        <p className="task-meta">
          <span>{room.roomTypeName ?? t`No type`}</span>
          <span>
            <Trans>Floor {floor}</Trans>
          </span>
          <RoomStatusBadge status={room.status} />
        </p>
        <DayTags marks={marks} />
        <button
          type="button"
          // An inspected room is done: making it dirty again is offered, not urged.
          className={hkStatus === "inspected" ? "button task-next" : "button primary task-next"}
          onClick={() => set(next.status)}
        >
          {/* The product's label for the next status (nextHkAction's English), in the language shown. */}
          {t(HK_ACTION_WORDS[next.status])}
        </button>
        <FormError message={error} />
      </article>
    </li>
  );
}
