import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const rows = useRowActions<Room>(useDeleteRoom());
  return (
    <>
      <DataTable
        wrap
        className="data phone-cards"
        columns={[t`Number`, t`Type`, t`Status`, t`HK`, canEdit && ACTIONS]}
      >
        {rooms.map((room) => {
          const { number, floor } = room;
          return (
            <tr key={room.id}>
              {/* The columns of docs/product.md#screens-and-routes; the floor is the cell's tooltip. */}
              <td data-label={t`Number`} title={t`Floor ${floor}`}>
                <strong>{room.number}</strong>
              </td>
              <td data-label={t`Type`}>
                {room.roomTypeName ?? (
                  <span className="muted">
                    <Trans>No type</Trans>
                  </span>
                )}
              </td>
              <td data-label={t`Status`}>
                <RoomStatusBadge status={room.status} />
                {outOfOrder.has(room.id) ? (
                  <span className="badge out-of-order">
                    <Trans>out of order</Trans>
                  </span>
                ) : null}
              </td>
              <td data-label={t`HK`}>
                <HkBadge status={room.hkStatus} />
              </td>
              {canEdit ? (
                <RowActions
                  busy={rows.busy(room.id)}
                  onEdit={() => rows.edit(room)}
                  onDelete={() => rows.remove(room.id, t`Delete room ${number}?`, t`Room ${number} deleted.`)}
                />
              ) : null}
            </tr>
          );
        })}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <RoomEditDialog
          room={rows.editing}
          roomTypes={roomTypes}
          onSaved={({ number }) => rows.saved(t`Room ${number} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </>
  );
}
