import { useLingui } from "@lingui/react/macro";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { InputField, SelectField, WholeNumberField } from "../../components/Field.js";
import type { FieldErrors } from "../../components/fieldErrors.js";

/** The "No type" choice stands for roomTypeId null. */
export const NO_TYPE = "";

export type RoomFieldValues = { number: string; roomTypeId: string; floor: string };

/** The fields by the API's names, with the labels a refusal names them by (in the language shown). */
export function useRoomFieldLabels(): Readonly<Record<keyof RoomFieldValues, string>> {
  const { t } = useLingui();
  return { number: t`Number`, roomTypeId: t`Room type`, floor: t`Floor` };
}

/**
 * A room's number, type and floor, as typed: the new-room form's fields and the edit dialog's. An edit
 * requires the number and the floor; the new-room form leaves that to the server (an empty floor falls back
 * to 1, docs/product.md#room-types-and-rooms).
 */
export function RoomFields({
  values,
  onChange,
  roomTypes,
  edit = false,
  errors = {},
}: {
  values: RoomFieldValues;
  onChange: (field: keyof RoomFieldValues, value: string) => void;
  roomTypes: RoomType[];
  edit?: boolean;
  errors?: FieldErrors;
}) {
  const labels = useRoomFieldLabels();
  const { t } = useLingui();
  return (
    <>
      <InputField
        label={labels.number}
        required={edit}
        value={values.number}
        onChange={(event) => onChange("number", event.target.value)}
        autoComplete="off"
        error={errors.number}
      />
      <SelectField
        label={labels.roomTypeId}
        value={values.roomTypeId}
        onChange={(event) => onChange("roomTypeId", event.target.value)}
        error={errors.roomTypeId}
      >
        {roomTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name || t`(unnamed)`}
          </option>
        ))}
        <option value={NO_TYPE}>{t`No type`}</option>
      </SelectField>
      <WholeNumberField
        label={labels.floor}
        required={edit}
        value={values.floor}
        onChange={(event) => onChange("floor", event.target.value)}
        error={errors.floor}
      />
    </>
  );
}
