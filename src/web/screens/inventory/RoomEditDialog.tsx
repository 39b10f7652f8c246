import { useState } from "react";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import type { Room } from "../../../domain/schemas/rooms.js";
import { useEditRoom } from "../../api/resources.js";
import { EditDialog } from "../../components/EditDialog.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { NO_TYPE, ROOM_FIELD_LABELS, RoomFields, type RoomFieldValues } from "./RoomFields.js";

/** Renumbers, retypes or moves a room to another floor; a number another room has is refused (409). */
export function RoomEditDialog({
  room,
  roomTypes,
  onSaved,
  onClose,
}: {
  room: Room;
  roomTypes: RoomType[];
  onSaved: (saved: Room) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<RoomFieldValues>({
    number: room.number,
    roomTypeId: room.roomTypeId ?? NO_TYPE,
    floor: String(room.floor),
  });
  const update = useEditRoom();
  return (
    <EditDialog
      heading={`Edit room ${room.number}`}
      saveLabel="Save Room"
      id={room.id}
      record={{ number: room.number, roomTypeId: room.roomTypeId, floor: room.floor }}
      edited={{ number: form.number.trim(), roomTypeId: form.roomTypeId || null, floor: Number(form.floor) }}
      update={update}
      labels={ROOM_FIELD_LABELS}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RoomFields
        values={form}
        onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
        roomTypes={roomTypes}
        errors={splitFieldErrors(update.error, ROOM_FIELD_LABELS).fields}
        edit
      />
    </EditDialog>
  );
}
