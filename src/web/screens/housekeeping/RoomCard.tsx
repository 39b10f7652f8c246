import type { Room } from "../../../domain/schemas/rooms.js";
import { useUpdateRoom } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { HK_ACTIONS, HkBadge, RoomStatusBadge } from "./status.js";

/**
 * One room's housekeeping card. While a change is saving the card already shows the requested status;
 * the buttons stay enabled (so keyboard focus is never lost) and the current status's button is pressed.
 */
export function RoomCard({ room }: { room: Room }) {
  const update = useUpdateRoom();
  const hkStatus = update.isPending ? update.variables.input.hkStatus : room.hkStatus;
  return (
    <article
      className="card hk-card"
      data-hk={hkStatus}
      aria-label={`Room ${room.number}`}
      aria-busy={update.isPending}
    >
      <header className="hk-card-head">
        <h2 className="hk-room">{room.number}</h2>
        <HkBadge status={hkStatus} />
      </header>
      <dl className="hk-facts">
        <div>
          <dt>Type</dt>
          <dd>{room.roomTypeName ?? <span className="muted">No type</span>}</dd>
        </div>
        <div>
          <dt>Occupancy</dt>
          <dd>
            <RoomStatusBadge status={room.status} />
          </dd>
        </div>
      </dl>
      <fieldset className="hk-actions">
        <legend className="hk-legend">Housekeeping status</legend>
        {HK_ACTIONS.map((action) => (
          <button
            key={action.status}
            type="button"
            className="button small"
            aria-pressed={hkStatus === action.status}
            onClick={() => {
              if (action.status !== hkStatus)
                update.mutate({ id: room.id, input: { hkStatus: action.status } });
            }}
          >
            {action.label}
          </button>
        ))}
      </fieldset>
      <FormError message={update.error?.message} />
    </article>
  );
}
