import { useLingui } from "@lingui/react/macro";
import { useTaxRates } from "../../api/resources.js";
import { InputField, MoneyField, WholeNumberField } from "../../components/Field.js";
import type { FieldErrors } from "../../components/fieldErrors.js";
import { TaxRateSelect } from "../invoices/TaxRateSelect.js";

/** `taxRateId` "" is untaxed. */
export type RoomTypeFieldValues = { name: string; capacity: string; baseRate: string; taxRateId: string };

/** The fields by the API's names, with the labels a refusal names them by (in the language shown). */
export function useRoomTypeFieldLabels(): Readonly<Record<keyof RoomTypeFieldValues, string>> {
  const { t } = useLingui();
  return { name: t`Name`, capacity: t`Capacity`, baseRate: t`Base rate`, taxRateId: t`Tax rate` };
}

/**
 * A room type's name, capacity, base rate and the tax rate its nights are taxed at, as typed: the new-type
 * form's fields and the edit dialog's. An edit requires both numbers (the fallbacks are for new types) and
 * says what a new rate leaves be.
 */
export function RoomTypeFields({
  values,
  onChange,
  edit = false,
  errors = {},
}: {
  values: RoomTypeFieldValues;
  onChange: (field: keyof RoomTypeFieldValues, value: string) => void;
  edit?: boolean;
  errors?: FieldErrors;
}) {
  const rates = useTaxRates();
  const labels = useRoomTypeFieldLabels();
  const { t } = useLingui();
  return (
    <>
      <InputField
        label={labels.name}
        value={values.name}
        onChange={(event) => onChange("name", event.target.value)}
        autoComplete="off"
        error={errors.name}
      />
      <WholeNumberField
        label={labels.capacity}
        required={edit}
        min={0}
        value={values.capacity}
        onChange={(event) => onChange("capacity", event.target.value)}
        error={errors.capacity}
      />
      <MoneyField
        label={labels.baseRate}
        required={edit}
        value={values.baseRate}
        onChange={(event) => onChange("baseRate", event.target.value)}
        hint={edit ? t`Stays already booked keep their price.` : undefined}
        error={errors.baseRate}
      />
      <TaxRateSelect
        rates={rates.data ?? []}
        value={values.taxRateId}
        onValue={(value) => onChange("taxRateId", value)}
        error={errors.taxRateId}
      />
    </>
  );
}
