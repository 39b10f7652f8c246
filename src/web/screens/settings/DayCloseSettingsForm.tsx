/**
 * Day close (src/server/modules/day-close/scheduler.ts and service.ts): the hotel time a day closes by itself
 * on the next day, what a close does to stays and rooms, and how long guests are kept (a close erases those
 * past it). As in InvoiceSettingsForm, only the fields the user has edited are kept as a draft, so a change
 * saved elsewhere shows in every other field; Save sends only what differs from the property as it is.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LIMITS } from "../../../domain/constants.js";
import type { Property, PropertyUpdateInput } from "../../../domain/schemas/properties.js";
import { InputField, WholeNumberField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { numberOrNull } from "../../components/feedback.js";
import { usePropertySettings } from "./usePropertySettings.js";
import type { Labels } from "./words.js";

type Values = {
  dayCloseTime: string;
  autoNoShow: boolean;
  stayoverDirty: boolean;
  /** Blank keeps guests. */
  guestRetentionMonths: string;
};

const LABELS: Labels<keyof Values> = {
  dayCloseTime: msg`Close time`,
  autoNoShow: msg`Mark no-shows automatically`,
  stayoverDirty: msg`Turn occupied rooms dirty for stay-over cleaning`,
  guestRetentionMonths: msg`Guest retention (months)`,
};

const saved = (property: Property): Values => ({
  dayCloseTime: property.dayCloseTime,
  autoNoShow: property.autoNoShow,
  stayoverDirty: property.stayoverDirty,
  guestRetentionMonths: property.guestRetentionMonths === null ? "" : String(property.guestRetentionMonths),
});

/** The values as the API takes them: the retention a number, or null to keep guests. */
function input(values: Values): Required<Pick<PropertyUpdateInput, keyof Values>> {
  return {
    dayCloseTime: values.dayCloseTime,
    autoNoShow: values.autoNoShow,
    stayoverDirty: values.stayoverDirty,
    guestRetentionMonths: numberOrNull(values.guestRetentionMonths),
  };
}

export function DayCloseSettingsForm({ property }: { property: Property }) {
  const { values, edit, submit, done, update, problems } = usePropertySettings(property, {
    labels: LABELS,
    saved,
    input,
  });
  const noShowHint = useId();
  const dirtyHint = useId();
  const { t } = useLingui();
  const couldNotSave = (reason: string) => t`Could not save the day close settings: ${reason}`;

  return (
    // Laid out as the Invoices form above it (money-settings.css).
    <form
      className="entry-form invoice-settings"
      onSubmit={submit}
      aria-labelledby="day-close-settings-heading"
    >
      <div className="form-grid">
        <InputField
          label={t(LABELS.dayCloseTime)}
          type="time"
          required
          value={values.dayCloseTime}
          onValue={edit("dayCloseTime")}
          hint={t`Hotel time on the next day: 03:00 closes Monday at 3 in the morning on Tuesday.`}
          error={problems.fields.dayCloseTime}
        />
        <WholeNumberField
          label={t(LABELS.guestRetentionMonths)}
          min={1}
          max={LIMITS.maxRetentionMonths}
          value={values.guestRetentionMonths}
          onValue={edit("guestRetentionMonths")}
          placeholder={t`Keep`}
          hint={t`A close erases guests whose last stay ended longer ago. Blank keeps guests.`}
          error={problems.fields.guestRetentionMonths}
        />
      </div>
      <div className="invoice-settings-check">
        <label className="check">
          <input
            type="checkbox"
            checked={values.autoNoShow}
            aria-describedby={noShowHint}
            onChange={(event) => edit("autoNoShow")(event.target.checked)}
          />
          {t(LABELS.autoNoShow)}
        </label>
        <span id={noShowHint} className="muted">
          <Trans>A close marks the stays still booked to arrive by that day as no-shows.</Trans>
        </span>
      </div>
      <div className="invoice-settings-check">
        <label className="check">
          <input
            type="checkbox"
            checked={values.stayoverDirty}
            aria-describedby={dirtyHint}
            onChange={(event) => edit("stayoverDirty")(event.target.checked)}
          />
          {t(LABELS.stayoverDirty)}
        </label>
        <span id={dirtyHint} className="muted">
          <Trans>
            A close turns every occupied room dirty, so housekeeping cleans it for the guest staying on.
          </Trans>
        </span>
      </div>
      <FormActions submit={t`Save day close settings`} busy={update.isPending} />
      <FormError message={problems.message ? couldNotSave(problems.message) : null} />
      <FormSuccess message={done ? t`Day close settings saved.` : null} />
    </form>
  );
}
