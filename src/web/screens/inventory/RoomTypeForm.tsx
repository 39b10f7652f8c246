import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { ROOM_TYPE_DEFAULTS } from "../../../domain/constants.js";
import { moneyDefaults } from "../../../domain/currency-defaults.js";
import { useProperty } from "../../api/property.js";
import { useCreateRoomType } from "../../api/resources.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { numberOrNull } from "../../components/feedback.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { RoomTypeFields, type RoomTypeFieldValues, useRoomTypeFieldLabels } from "./RoomTypeFields.js";

/** The form's start: the product's capacity, and a base rate that fits the currency (1500 for INR). */
const initial = (currency: string): RoomTypeFieldValues => ({
  name: "",
  capacity: String(ROOM_TYPE_DEFAULTS.capacity),
  baseRate: String(moneyDefaults(currency).baseRate),
  taxRateId: "",
});

/**
 * New room type; empty numbers go as null so the server applies the fallbacks (capacity 1, rate 0;
 * docs/product.md#room-types-and-rooms).
 */
export function RoomTypeForm() {
  const { t } = useLingui();
  const { currency } = useProperty();
  const [form, setForm] = useState(() => initial(currency));
  const create = useCreateRoomType();
  const [saved, setSaved] = useState<string | null>(null);
  const labels = useRoomTypeFieldLabels();
  const problems = splitFieldErrors(create.error, labels);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    create.mutate(
      {
        name: form.name,
        capacity: numberOrNull(form.capacity),
        baseRate: numberOrNull(form.baseRate),
        taxRateId: form.taxRateId || null,
      },
      {
        onSuccess: ({ name }) => {
          setForm((current) => ({ ...current, name: "" }));
          setSaved(name ? t`Room type ${name} added.` : t`Room type added.`);
        },
      },
    );
  }

  return (
    <form className="entry-form" onSubmit={submit}>
      <div className="form-grid">
        <RoomTypeFields
          values={form}
          onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
          errors={problems.fields}
        />
        <FormActions submit={t`Add Room Type`} busy={create.isPending} />
      </div>
      <FormError message={problems.message} />
      <FormSuccess message={saved} />
    </form>
  );
}
