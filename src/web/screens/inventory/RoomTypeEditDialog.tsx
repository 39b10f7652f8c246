import { type FormEvent, useState } from "react";
import type { RoomType } from "../../../domain/schemas.js";
import { useUpdateRoomType } from "../../api/resources.js";
import { changedFields } from "../../components/changedFields.js";
import { InputField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { Modal } from "../../components/Modal.js";

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
  const [form, setForm] = useState({
    name: roomType.name,
    capacity: String(roomType.capacity),
    baseRate: String(roomType.baseRate),
  });
  const update = useUpdateRoomType();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Modal
      heading={`Edit room type ${roomType.name || "(unnamed)"}`}
      className="stay-dialog dialog-narrow"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const input = changedFields(
            { name: roomType.name, capacity: roomType.capacity, baseRate: roomType.baseRate },
            { name: form.name.trim(), capacity: Number(form.capacity), baseRate: Number(form.baseRate) },
          );
          if (Object.keys(input).length === 0) return close();
          update.mutate(
            { id: roomType.id, input },
            {
              onSuccess: (saved) => {
                onSaved(saved);
                close();
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit}>
            <InputField label="Name" value={form.name} onChange={set("name")} autoComplete="off" />
            <InputField
              label="Capacity"
              type="number"
              inputMode="numeric"
              required
              min={0}
              step={1}
              value={form.capacity}
              onChange={set("capacity")}
            />
            <InputField
              label="Base rate"
              type="number"
              inputMode="decimal"
              required
              min={0}
              step="0.01"
              value={form.baseRate}
              onChange={set("baseRate")}
              hint="Stays already booked keep their price."
            />
            <FormError message={update.error?.message} />
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={update.isPending}>
                Save Room Type
              </button>
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        );
      }}
    </Modal>
  );
}
