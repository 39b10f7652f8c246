import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useUpdateRoomType } from "../../api/resources.js";
import { EditDialog } from "../../components/EditDialog.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { RoomTypeFields, type RoomTypeFieldValues, useRoomTypeFieldLabels } from "./RoomTypeFields.js";

/** Corrects a room type; a new name reaches its rooms too, while past stays keep the name they were sold under. */
export function RoomTypeEditDialog({
  roomType,
  onSaved,
  onClose,
}: {
  roomType: RoomType;
  onSaved: (saved: RoomType) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<RoomTypeFieldValues>({
    name: roomType.name,
    capacity: String(roomType.capacity),
    baseRate: String(roomType.baseRate),
    taxRateId: roomType.taxRateId ?? "",
  });
  const update = useUpdateRoomType();
  const { t } = useLingui();
  const labels = useRoomTypeFieldLabels();
  const name = roomType.name || t`(unnamed)`;
  return (
    <EditDialog
      heading={t`Edit room type ${name}`}
      saveLabel={t`Save Room Type`}
      id={roomType.id}
      record={{
        name: roomType.name,
        capacity: roomType.capacity,
        baseRate: roomType.baseRate,
        taxRateId: roomType.taxRateId,
      }}
      edited={{
        name: form.name.trim(),
        capacity: Number(form.capacity),
        baseRate: Number(form.baseRate),
        taxRateId: form.taxRateId || null,
      }}
      update={update}
      labels={labels}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RoomTypeFields
        values={form}
        onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
        errors={splitFieldErrors(update.error, labels).fields}
        edit
      />
    </EditDialog>
  );
}
