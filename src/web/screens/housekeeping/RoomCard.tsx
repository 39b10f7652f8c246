import { Trans, useLingui } from "@lingui/react/macro";
import type { Room } from "../../../domain/schemas/rooms.js";
import { FormError } from "../../components/FormError.js";
import type { DayMarks } from "./order.js";
import { DayTags, HK_ACTIONS, HkBadge, RoomStatusBadge } from "./status.js";
import { useHkStatus } from "./useHkStatus.js";

/**
 * One room's housekeeping card. While a change is saving the card already shows the requested status;
 * the buttons stay enabled (so keyboard focus is never lost). The current status's button is pressed and
 * drawn as the current state (a tick, no fill), never as the button to press; the badge names it.
 */
export function RoomCard({ room, marks }: { room: Room; marks: DayMarks }) {
  const { hkStatus, set, saving, error } = useHkStatus(room);
  const { t } = useLingui();
  const { number, floor } = room;
  return (
    <article className="card hk-card" data-hk={hkStatus} aria-label={t`Room ${number}`} aria-busy={saving}>
      <header className="hk-card-head">
        <h2 className="hk-room">{room.number}</h2>
        <HkBadge status={hkStatus} />
      </header>
      <dl className="hk-facts">
        <div>
          <dt>
            <Trans>Type</Trans>
          </dt>
          <dd>
            {room.roomTypeName ?? (
              <span className="muted">
                <Trans>No type</Trans>
              </span>
            )}
            <span className="muted">
              <Trans>, floor {floor}</Trans>
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Occupancy</Trans>
          </dt>
          <dd>
            <RoomStatusBadge status={room.status} />
          </dd>
        </div>
      </dl>
      <DayTags marks={marks} />
      <fieldset className="hk-actions">
        <legend className="hk-legend">
          <Trans>Housekeeping status</Trans>
        </legend>
        {HK_ACTIONS.map((action) => (
          <button
            key={action.status}
            type="button"
            className="button small"
            aria-pressed={hkStatus === action.status}
            onClick={() => set(action.status)}
          >
            {t(action.label)}
          </button>
        ))}
      </fieldset>
      <FormError message={error} />
    </article>
  );
}
