import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import type { Room } from "../../../domain/schemas/rooms.js";
import { useEditRoom } from "../../api/resources.js";
import { EditDialog } from "../../components/EditDialog.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { NO_TYPE, RoomFields, type RoomFieldValues, useRoomFieldLabels } from "./RoomFields.js";

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
  const { t } = useLingui();
  const labels = useRoomFieldLabels();
  const number = room.number;
  return (
    <EditDialog
      heading={t`Edit room ${number}`}
      saveLabel={t`Save Room`}
      id={room.id}
      record={{ number: room.number, roomTypeId: room.roomTypeId, floor: room.floor }}
      edited={{ number: form.number.trim(), roomTypeId: form.roomTypeId || null, floor: Number(form.floor) }}
      update={update}
      labels={labels}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RoomFields
        values={form}
        onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
        roomTypes={roomTypes}
        errors={splitFieldErrors(update.error, labels).fields}
        edit
      />
    </EditDialog>
  );
}
