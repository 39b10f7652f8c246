import { type FormEvent, useState } from "react";
import type { Room, RoomType } from "../../../domain/schemas.js";
import { useEditRoom } from "../../api/resources.js";
import { changedFields } from "../../components/changedFields.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { Modal } from "../../components/Modal.js";

const NO_TYPE = "";

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
  const [number, setNumber] = useState(room.number);
  const [roomTypeId, setRoomTypeId] = useState(room.roomTypeId ?? NO_TYPE);
  const [floor, setFloor] = useState(String(room.floor));
  const update = useEditRoom();

  return (
    <Modal
      heading={`Edit room ${room.number}`}
      className="stay-dialog dialog-narrow"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          const input = changedFields(
            { number: room.number, roomTypeId: room.roomTypeId, floor: room.floor },
            { number: number.trim(), roomTypeId: roomTypeId || null, floor: Number(floor) },
          );
          if (Object.keys(input).length === 0) return close();
          update.mutate(
            { id: room.id, input },
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
            <InputField
              label="Number"
              required
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              autoComplete="off"
            />
            <SelectField
              label="Room type"
              value={roomTypeId}
              onChange={(event) => setRoomTypeId(event.target.value)}
            >
              {roomTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name || "(unnamed)"}
                </option>
              ))}
              <option value={NO_TYPE}>No type</option>
            </SelectField>
            <InputField
              label="Floor"
              type="number"
              inputMode="numeric"
              required
              step={1}
              value={floor}
              onChange={(event) => setFloor(event.target.value)}
            />
            <FormError message={update.error?.message} />
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={update.isPending}>
                Save Room
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
