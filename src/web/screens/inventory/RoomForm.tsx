import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { ROOM_DEFAULTS } from "../../../domain/constants.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useCreateRoom } from "../../api/resources.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { numberOrNull } from "../../components/feedback.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { NO_TYPE, RoomFields, useRoomFieldLabels } from "./RoomFields.js";

/**
 * New room. The room type defaults to the first type until the user picks one; after a save only the
 * number is cleared, so a run of rooms of one type and floor is quick to enter.
 */
export function RoomForm({ roomTypes }: { roomTypes: RoomType[] }) {
  const { t } = useLingui();
  const [number, setNumber] = useState("");
  const [floor, setFloor] = useState(String(ROOM_DEFAULTS.floor));
  const [typeChoice, setTypeChoice] = useState<string | null>(null);
  const create = useCreateRoom();
  const [saved, setSaved] = useState<string | null>(null);
  const labels = useRoomFieldLabels();
  const problems = splitFieldErrors(create.error, labels);
  const roomTypeId = typeChoice ?? roomTypes[0]?.id ?? NO_TYPE;
  const setters = { number: setNumber, roomTypeId: setTypeChoice, floor: setFloor };

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    create.mutate(
      {
        number: number.trim(),
        roomTypeId: roomTypeId === NO_TYPE ? null : roomTypeId,
        floor: numberOrNull(floor),
      },
      {
        onSuccess: (room) => {
          setNumber("");
          const { number: roomNumber } = room;
          setSaved(t`Room ${roomNumber} added.`);
        },
      },
    );
  }

  return (
    <form className="entry-form" onSubmit={submit}>
      <div className="form-grid">
        <RoomFields
          values={{ number, roomTypeId, floor }}
          onChange={(field, value) => setters[field](value)}
          roomTypes={roomTypes}
          errors={problems.fields}
        />
        <FormActions submit={t`Add Room`} busy={create.isPending} />
      </div>
      <FormError message={problems.message} />
      <FormSuccess message={saved} />
    </form>
  );
}
