import { useState } from "react";
import type { Room, RoomType } from "../../../domain/schemas.js";
import { useDeleteRoom } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { RowActions } from "../../components/RowActions.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { HkBadge, RoomStatusBadge } from "../housekeeping/status.js";
import { RoomEditDialog } from "./RoomEditDialog.js";

export function RoomTable({
  rooms,
  roomTypes,
  canEdit,
}: {
  rooms: Room[];
  roomTypes: RoomType[];
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState<Room | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const removal = useConfirmedDelete(useDeleteRoom());
  return (
    <>
      <div className="table-wrap">
        <table className="data phone-cards">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">HK</th>
              {canEdit ? (
                <th scope="col" className="print-hidden">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rooms.map((room) => (
              <tr key={room.id}>
                {/* The spec's columns only; the floor is kept as the cell's tooltip. */}
                <td data-label="Number" title={`Floor ${room.floor}`}>
                  <strong>{room.number}</strong>
                </td>
                <td data-label="Type">{room.roomTypeName ?? <span className="muted">No type</span>}</td>
                <td data-label="Status">
                  <RoomStatusBadge status={room.status} />
                </td>
                <td data-label="HK">
                  <HkBadge status={room.hkStatus} />
                </td>
                {canEdit ? (
                  <RowActions
                    busy={removal.busy(room.id)}
                    onEdit={() => {
                      removal.reset();
                      setSaved(null);
                      setEditing(room);
                    }}
                    onDelete={() => {
                      setSaved(null);
                      removal.remove(room.id, `Delete room ${room.number}?`, `Room ${room.number} deleted.`);
                    }}
                  />
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormError message={removal.error} />
      <FormSuccess message={removal.done ?? saved} />
      {editing ? (
        <RoomEditDialog
          room={editing}
          roomTypes={roomTypes}
          onSaved={(room) => setSaved(`Room ${room.number} saved.`)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
