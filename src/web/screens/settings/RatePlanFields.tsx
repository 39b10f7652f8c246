/**
 * A rate plan's fields, in the dialog that adds or edits one (RatePlanDialog). Each field the server refuses
 * is marked beside it. The Standard plan's "On sale" is shown ticked and fixed: the server never takes it
 * off sale, it is the plan of every stay that names none.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { InputField, MoneyField, WholeNumberField } from "../../components/Field.js";
import type { FieldErrors } from "../../components/fieldErrors.js";
import { RATE_PLAN_LABELS, type RatePlanValues, toggleRoomType } from "./ratePlanForm.js";
import { useLabels } from "./words.js";

export function RatePlanFields({
  values,
  onChange,
  errors,
  roomTypes,
  standard,
}: {
  values: RatePlanValues;
  onChange: (changes: Partial<RatePlanValues>) => void;
  errors: FieldErrors;
  roomTypes: readonly RoomType[];
  /** The Standard plan is being edited. */
  standard: boolean;
}) {
  const ids = { types: useId(), typesError: useId(), publicHint: useId(), saleHint: useId() };
  const { t } = useLingui();
  const LABELS = useLabels(RATE_PLAN_LABELS);
  return (
    <>
      <div className="form-grid">
        <InputField
          label={LABELS.name}
          required
          autoComplete="off"
          placeholder={t`e.g. Bed and breakfast`}
          value={values.name}
          onValue={(name) => onChange({ name })}
          error={errors.name}
        />
        <InputField
          label={LABELS.adjustmentPercent}
          type="number"
          inputMode="decimal"
          min={-100}
          max={100}
          step={0.01}
          value={values.adjustmentPercent}
          onValue={(adjustmentPercent) => onChange({ adjustmentPercent })}
          hint={t`On the room's night price; negative for a discount.`}
          error={errors.adjustmentPercent}
        />
        <MoneyField
          label={LABELS.perAdultPerNight}
          value={values.perAdultPerNight}
          onValue={(perAdultPerNight) => onChange({ perAdultPerNight })}
          hint={t`Added to each night for each adult, e.g. breakfast.`}
          error={errors.perAdultPerNight}
        />
        <InputField
          label={LABELS.depositPercent}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={values.depositPercent}
          onValue={(depositPercent) => onChange({ depositPercent })}
          hint={t`Of the stay's total, asked when booking.`}
          error={errors.depositPercent}
        />
        <WholeNumberField
          label={LABELS.cancellationDays}
          min={0}
          required={!values.nonRefundable}
          disabled={values.nonRefundable}
          value={values.nonRefundable ? "" : values.cancellationDays}
          onValue={(cancellationDays) => onChange({ cancellationDays })}
          hint={
            values.nonRefundable ? t`Non-refundable: never free to cancel.` : t`0: until the day of arrival.`
          }
          error={errors.cancellationDays}
        />
        <label className="check rate-plan-check">
          <input
            type="checkbox"
            checked={values.nonRefundable}
            onChange={(event) => onChange({ nonRefundable: event.target.checked })}
          />
          <Trans>Non-refundable</Trans>
        </label>
      </div>
      <fieldset
        className="choice-group"
        aria-describedby={errors.roomTypeIds ? `${ids.types} ${ids.typesError}` : ids.types}
      >
        <legend>{LABELS.roomTypeIds}</legend>
        {roomTypes.map((type) => (
          <label key={type.id} className="check">
            <input
              type="checkbox"
              checked={values.roomTypeIds.includes(type.id)}
              onChange={(event) =>
                onChange({ roomTypeIds: toggleRoomType(values.roomTypeIds, type.id, event.target.checked) })
              }
            />
            {type.name}
          </label>
        ))}
        <span id={ids.types} className="muted choice-hint">
          {roomTypes.length === 0
            ? t`No room types yet: the plan sells any.`
            : t`None ticked: all room types.`}
        </span>
        {errors.roomTypeIds ? (
          <span id={ids.typesError} className="field-error choice-hint">
            {errors.roomTypeIds}
          </span>
        ) : null}
      </fieldset>
      <CheckField
        label={LABELS.public}
        checked={values.public}
        onChecked={(checked) => onChange({ public: checked })}
        hintId={ids.publicHint}
        hint={t`Guests see it on the hotel's booking page. The front desk can sell every plan on sale.`}
        error={errors.public}
      />
      <CheckField
        label={LABELS.active}
        checked={standard || values.active}
        disabled={standard}
        onChecked={(checked) => onChange({ active: checked })}
        hintId={ids.saleHint}
        hint={
          standard
            ? t`The Standard plan is always on sale: stays that name no plan are sold on it.`
            : t`Off: no new stays on it; stays already sold keep it.`
        }
        error={errors.active}
      />
    </>
  );
}

/** A checkbox with its hint and the server's refusal under it, both tied to the box. */
function CheckField({
  label,
  checked,
  disabled = false,
  onChecked,
  hintId,
  hint,
  error,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChecked: (checked: boolean) => void;
  hintId: string;
  hint: string;
  error: string | undefined;
}) {
  const errorId = `${hintId}-error`;
  return (
    <div className="rate-plan-option">
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          {...(error ? { "aria-invalid": true } : {})}
          onChange={(event) => onChecked(event.target.checked)}
        />
        {label}
      </label>
      <span id={hintId} className="muted">
        {hint}
      </span>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
