import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { RATE_OVERRIDE_DEFAULTS } from "../../../domain/constants.js";
import { moneyDefaults } from "../../../domain/currency-defaults.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { useCreateRateOverride } from "../../api/resources.js";
import { DateField, MoneyField, SelectField, WholeNumberField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { numberOrNull } from "../../components/feedback.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";

/** The "All" choice stands for roomTypeId null: the override applies to every room type. */
const ALL = "";

/** Saving the same date and room type again replaces that override (the server upserts). */
export function RateOverrideForm({ roomTypes }: { roomTypes: RoomType[] }) {
  const { t } = useLingui();
  const today = usePropertyToday();
  const [date, setDate] = useState(today);
  const [roomTypeId, setRoomTypeId] = useState(ALL);
  const { currency } = useProperty();
  // The product's 2000 is an INR price; another currency starts from about the same value.
  const [price, setPrice] = useState(() => String(moneyDefaults(currency).overridePrice));
  const [minLOS, setMinLOS] = useState(String(RATE_OVERRIDE_DEFAULTS.minLOS));
  const [stopSell, setStopSell] = useState<boolean>(RATE_OVERRIDE_DEFAULTS.stopSell);
  const save = useCreateRateOverride();
  const [saved, setSaved] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      {
        date,
        roomTypeId: roomTypeId === ALL ? null : roomTypeId,
        price: numberOrNull(price),
        minLOS: numberOrNull(minLOS),
        stopSell,
      },
      {
        onSuccess: ({ date: night, roomTypeName }) => {
          const type = roomTypeName ?? t`All`;
          setSaved(t`Override for ${night} (${type}) saved.`);
        },
      },
    );
  }

  return (
    <form className="entry-form" onSubmit={submit}>
      <div className="form-grid">
        <DateField label={t`Date`} required value={date} onValue={setDate} />
        <SelectField label={t`Room type`} value={roomTypeId} onValue={setRoomTypeId}>
          <option value={ALL}>{t`All`}</option>
          {roomTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name || t`(unnamed)`}
            </option>
          ))}
        </SelectField>
        <MoneyField label={t`Price`} value={price} onValue={setPrice} hint={t`Blank keeps the base rate`} />
        <WholeNumberField label={t`Min LOS`} min={1} value={minLOS} onValue={setMinLOS} />
        <SelectField
          label={t`Stop sell`}
          value={stopSell ? "yes" : "no"}
          onChange={(event) => setStopSell(event.target.value === "yes")}
        >
          <option value="no">{t`No`}</option>
          <option value="yes">{t`Yes`}</option>
        </SelectField>
        <FormActions submit={t`Save Override`} busy={save.isPending} />
      </div>
      <FormError
        message={
          splitFieldErrors(save.error, {
            date: t`Date`,
            roomTypeId: t`Room type`,
            price: t`Price`,
            minLOS: t`Min LOS`,
            stopSell: t`Stop sell`,
          }).message
        }
      />
      <FormSuccess message={saved} />
    </form>
  );
}
