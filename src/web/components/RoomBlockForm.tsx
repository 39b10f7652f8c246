/**
 * Takes a room out of order for some nights (docs/product.md#room-blocks): the room, the first night out of
 * order, the date it can be sold again (the block's end, exclusive like a check-out) and the reason the tape
 * chart shows on the block. The tape chart opens it with the nights a clerk picked; Inventory with a room
 * list. The shared schema checks the form before it is sent, and every field says what is wrong with it at
 * once; the server's refusal (a stay on those nights) shows under the form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { LIMITS } from "../../domain/constants.js";
import { type RoomBlock, roomBlockCreateInput } from "../../domain/schemas/room-blocks.js";
import { type RoomBlockInput, useCreateRoomBlock } from "../api/roomBlocks.js";
import { DateField, InputField, SelectField } from "./Field.js";
import { FormActions } from "./FormActions.js";
import { FormError } from "./FormError.js";
import { splitFieldErrors } from "./fieldErrors.js";
import { roomBlockProblemWords } from "./roomBlockWords.js";

type Fields = keyof RoomBlockInput;
type RoomChoice = { id: string; number: string };

/** Each invalid field's message, from the shared schema (the same checks the server makes). */
export function roomBlockProblems(input: RoomBlockInput): Partial<Record<Fields, string>> {
  const parsed = roomBlockCreateInput.safeParse(input);
  const problems: Partial<Record<Fields, string>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as Fields | undefined;
    if (field && !problems[field]) problems[field] = FIELD_MESSAGES[field] ?? issue.message;
  }
  return problems;
}

/** Plainer words than the schema's for what a person gets wrong in this form (translated: roomBlockWords.ts). */
const FIELD_MESSAGES: Partial<Record<Fields, string>> = {
  roomId: "Choose a room",
  startDate: "Enter the first night out of order",
};

export function RoomBlockForm({
  rooms,
  initial,
  onDone,
  onCancel,
}: {
  /** The rooms to choose from; one room means the choice is already made (shown, not asked). */
  rooms: readonly RoomChoice[];
  initial?: Partial<RoomBlockInput>;
  onDone?: (block: RoomBlock) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<RoomBlockInput>({
    roomId: initial?.roomId ?? (rooms.length === 1 ? (rooms[0]?.id ?? "") : ""),
    startDate: initial?.startDate ?? "",
    endDate: initial?.endDate ?? "",
    reason: initial?.reason ?? "",
  });
  const { t } = useLingui();
  const [problems, setProblems] = useState<Partial<Record<Fields, string>>>({});
  const create = useCreateRoomBlock();
  const set = (field: Fields) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const fixedRoom = rooms.length === 1 ? rooms[0] : undefined;
  const roomNumber = fixedRoom?.number;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, reason: values.reason.trim() };
    const found = roomBlockProblems(input);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, { onSuccess: (block) => onDone?.(block) });
  };

  return (
    <form className="form-grid room-block-form" onSubmit={submit} aria-label={t`Block room`} noValidate>
      {fixedRoom ? (
        <p className="room-block-room">
          <Trans>
            Room <strong>{roomNumber}</strong>
          </Trans>
        </p>
      ) : (
        <SelectField
          label={t`Room`}
          value={values.roomId}
          onValue={set("roomId")}
          error={roomBlockProblemWords(problems.roomId)}
        >
          <option value="">{t`Choose a room`}</option>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.number}
            </option>
          ))}
        </SelectField>
      )}
      <DateField
        label={t`Out of order from`}
        value={values.startDate}
        onValue={set("startDate")}
        error={roomBlockProblemWords(problems.startDate)}
        required
      />
      <DateField
        label={t`Back in service on`}
        hint={t`The first date the room can be sold again.`}
        value={values.endDate}
        onValue={set("endDate")}
        error={roomBlockProblemWords(problems.endDate)}
        required
      />
      <InputField
        label={t`Reason`}
        hint={t`Shown on the tape chart, e.g. Leaking tap.`}
        value={values.reason}
        onValue={set("reason")}
        error={roomBlockProblemWords(problems.reason)}
        maxLength={LIMITS.text}
      />
      <FormActions submit={t`Block room`} busy={create.isPending}>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </FormActions>
      <FormError
        message={
          splitFieldErrors(create.error, {
            roomId: t`Room`,
            startDate: t`Out of order from`,
            endDate: t`Back in service on`,
            reason: t`Reason`,
          }).message
        }
      />
    </form>
  );
}
