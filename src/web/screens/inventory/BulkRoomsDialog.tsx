/**
 * "Add rooms" in bulk: a first and a last number (101 to 112), a type and a floor, with the numbers listed
 * before anything is added. One request creates them all or none: a number the hotel already has refuses
 * the list, and the server's message names every such number (docs/product.md#room-types-and-rooms).
 */
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { ROOM_DEFAULTS } from "../../../domain/constants.js";
import { roomNumberRange } from "../../../domain/room-ranges.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useCreateRooms } from "../../api/resources.js";
import { InputField, SelectField, WholeNumberField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { numberOrNull } from "../../components/feedback.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { Modal } from "../../components/Modal.js";
import { NO_TYPE } from "./RoomFields.js";
import { roomRangeProblem } from "./roomRangeProblem.js";

export function BulkRoomsDialog({
  roomTypes,
  onAdded,
  onClose,
}: {
  roomTypes: RoomType[];
  onAdded: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [first, setFirst] = useState("");
  const [last, setLast] = useState("");
  const [roomTypeId, setRoomTypeId] = useState(roomTypes[0]?.id ?? NO_TYPE);
  const [floor, setFloor] = useState(String(ROOM_DEFAULTS.floor));
  const create = useCreateRooms();
  const previewId = useId();
  const range = roomNumberRange(first, last);
  const started = first.trim() !== "" || last.trim() !== "";
  const count = range.numbers.length;

  return (
    <Modal
      heading={t`Add several rooms`}
      className="stay-dialog dialog-narrow"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = (event: FormEvent) => {
          event.preventDefault();
          if (count === 0) return;
          create.mutate(
            {
              numbers: range.numbers,
              roomTypeId: roomTypeId === NO_TYPE ? null : roomTypeId,
              floor: numberOrNull(floor),
            },
            {
              onSuccess: (rooms) => {
                const added = rooms.length;
                const from = rooms[0]?.number;
                const to = rooms.at(-1)?.number;
                onAdded(
                  added > 1
                    ? t({
                        message: plural(added, {
                          one: `# room added (${from}–${to}).`,
                          other: `# rooms added (${from}–${to}).`,
                        }),
                      })
                    : t({ message: plural(added, { one: "# room added.", other: "# rooms added." }) }),
                );
                close();
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={submit} aria-describedby={previewId}>
            <div className="form-grid">
              <InputField
                label={t`First number`}
                required
                value={first}
                onValue={setFirst}
                autoComplete="off"
              />
              <InputField label={t`Last number`} required value={last} onValue={setLast} autoComplete="off" />
            </div>
            <SelectField label={t`Room type`} value={roomTypeId} onValue={setRoomTypeId}>
              {roomTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name || t`(unnamed)`}
                </option>
              ))}
              <option value={NO_TYPE}>{t`No type`}</option>
            </SelectField>
            <WholeNumberField label={t`Floor`} value={floor} onValue={setFloor} />
            <div id={previewId} className="bulk-preview" aria-live="polite">
              {count > 0 ? (
                <>
                  <p>
                    <Trans>
                      <strong>
                        <Plural value={count} one="# room" other="# rooms" />
                      </strong>{" "}
                      will be added:
                    </Trans>
                  </p>
                  <p className="bulk-preview-numbers">{range.numbers.join(", ")}</p>
                </>
              ) : (
                <p className="muted">
                  {started && range.problem
                    ? roomRangeProblem(range.problem)
                    : t`Enter the first and last number, e.g. 101 and 112.`}
                </p>
              )}
            </div>
            <FormError
              message={
                splitFieldErrors(create.error, {
                  numbers: t`Numbers`,
                  roomTypeId: t`Room type`,
                  floor: t`Floor`,
                }).message
              }
            />
            <FormActions
              submit={
                count > 0
                  ? t({ message: plural(count, { one: "Add # room", other: "Add # rooms" }) })
                  : t`Add`
              }
              busy={create.isPending || count === 0}
            >
              <button type="button" className="button" onClick={close}>
                <Trans>Cancel</Trans>
              </button>
            </FormActions>
          </form>
        );
      }}
    </Modal>
  );
}
