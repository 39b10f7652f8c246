import type { RoomType } from "../../../domain/schemas/room-types.js";
import type { Room } from "../../../domain/schemas/rooms.js";
import { useDeleteRoom } from "../../api/resources.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { RowActions, RowOutcome } from "../../components/RowActions.js";
import { useRowActions } from "../../components/useRowActions.js";
import { HkBadge, RoomStatusBadge } from "../housekeeping/status.js";
import { RoomEditDialog } from "./RoomEditDialog.js";

export function RoomTable({
  rooms,
  roomTypes,
  canEdit,
  outOfOrder,
}: {
  rooms: Room[];
  roomTypes: RoomType[];
  canEdit: boolean;
  /** Rooms blocked tonight, marked beside their status (docs/product.md#room-blocks). */
  outOfOrder: ReadonlySet<string>;
}) {
  const rows = useRowActions<Room>(useDeleteRoom());
  return (
    <>
      <DataTable
        wrap
        className="data phone-cards"
        columns={["Number", "Type", "Status", "HK", canEdit && ACTIONS]}
      >
        {rooms.map((room) => (
          <tr key={room.id}>
            {/* The columns of docs/product.md#screens-and-routes; the floor is the cell's tooltip. */}
            <td data-label="Number" title={`Floor ${room.floor}`}>
              <strong>{room.number}</strong>
            </td>
            <td data-label="Type">{room.roomTypeName ?? <span className="muted">No type</span>}</td>
            <td data-label="Status">
              <RoomStatusBadge status={room.status} />
              {outOfOrder.has(room.id) ? <span className="badge out-of-order">out of order</span> : null}
            </td>
            <td data-label="HK">
              <HkBadge status={room.hkStatus} />
            </td>
            {canEdit ? (
              <RowActions
                busy={rows.busy(room.id)}
                onEdit={() => rows.edit(room)}
                onDelete={() =>
                  rows.remove(room.id, `Delete room ${room.number}?`, `Room ${room.number} deleted.`)
                }
              />
            ) : null}
          </tr>
        ))}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <RoomEditDialog
          room={rows.editing}
          roomTypes={roomTypes}
          onSaved={(room) => rows.saved(`Room ${room.number} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </>
  );
}
