import { InputField, MoneyField, WholeNumberField } from "../../components/Field.js";

export type RoomTypeFieldValues = { name: string; capacity: string; baseRate: string };

/**
 * A room type's name, capacity and base rate, as typed: the new-type form's fields and the edit dialog's.
 * An edit requires both numbers (the fallbacks are for new types) and says what a new rate leaves be.
 */
export function RoomTypeFields({
  values,
  onChange,
  edit = false,
}: {
  values: RoomTypeFieldValues;
  onChange: (field: keyof RoomTypeFieldValues, value: string) => void;
  edit?: boolean;
}) {
  return (
    <>
      <InputField
        label="Name"
        value={values.name}
        onChange={(event) => onChange("name", event.target.value)}
        autoComplete="off"
      />
      <WholeNumberField
        label="Capacity"
        required={edit}
        min={0}
        value={values.capacity}
        onChange={(event) => onChange("capacity", event.target.value)}
      />
      <MoneyField
        label="Base rate"
        required={edit}
        value={values.baseRate}
        onChange={(event) => onChange("baseRate", event.target.value)}
        hint={edit ? "Stays already booked keep their price." : undefined}
      />
    </>
  );
}
