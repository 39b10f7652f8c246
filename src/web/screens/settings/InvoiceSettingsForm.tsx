/**
 * Invoices (docs/product.md#folio-taxes-and-invoices): who the hotel is on its invoices (legal name, address,
 * tax ID), how their numbers start, whether prices include tax, and the city tax charged per adult per night.
 * As in SettingsForm, only the fields the user has edited are kept as a draft, so a change saved elsewhere
 * shows in every other field; Save sends only what differs from the property as it is.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { LIMITS } from "../../../domain/constants.js";
import type { Property, PropertyUpdateInput } from "../../../domain/schemas/properties.js";
import { Field, InputField, MoneyField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { usePropertySettings } from "./usePropertySettings.js";
import type { Labels } from "./words.js";

type Values = {
  legalName: string;
  address: string;
  taxId: string;
  invoicePrefix: string;
  pricesIncludeTax: boolean;
  cityTaxPerAdultPerNight: string;
  cityTaxName: string;
};

const LABELS: Labels<keyof Values> = {
  legalName: msg`Legal name`,
  address: msg`Address`,
  taxId: msg`Tax ID`,
  invoicePrefix: msg`Invoice prefix`,
  pricesIncludeTax: msg`Prices include tax`,
  cityTaxPerAdultPerNight: msg`City tax per adult per night`,
  cityTaxName: msg`City tax name`,
};

const saved = (property: Property): Values => ({
  legalName: property.legalName,
  address: property.address,
  taxId: property.taxId,
  invoicePrefix: property.invoicePrefix,
  pricesIncludeTax: property.pricesIncludeTax,
  cityTaxPerAdultPerNight: String(property.cityTaxPerAdultPerNight),
  cityTaxName: property.cityTaxName,
});

/** The values as the API takes them: text trimmed, the city tax a number (blank is none). */
function input(values: Values): Required<Pick<PropertyUpdateInput, keyof Values>> {
  return {
    legalName: values.legalName.trim(),
    address: values.address.trim(),
    taxId: values.taxId.trim(),
    invoicePrefix: values.invoicePrefix.trim(),
    pricesIncludeTax: values.pricesIncludeTax,
    cityTaxPerAdultPerNight: Number(values.cityTaxPerAdultPerNight || 0),
    cityTaxName: values.cityTaxName.trim(),
  };
}

export function InvoiceSettingsForm({ property }: { property: Property }) {
  const { values, edit, submit, done, update, problems } = usePropertySettings(property, {
    labels: LABELS,
    saved,
    input,
  });
  const hintId = useId();
  const { t } = useLingui();
  /** A one-line text of the invoice details: its value, change and problem, without autofill. */
  const text = (
    field: "legalName" | "taxId" | "invoicePrefix" | "cityTaxName",
    maxLength: number = LIMITS.text,
  ) => ({
    autoComplete: "off",
    maxLength,
    value: values[field],
    onValue: edit(field),
    error: problems.fields[field],
  });

  const couldNotSave = (reason: string) => t`Could not save the invoice details: ${reason}`;

  return (
    <form
      className="entry-form invoice-settings"
      onSubmit={submit}
      aria-labelledby="invoice-settings-heading"
    >
      <div className="form-grid">
        <InputField
          label={t(LABELS.legalName)}
          {...text("legalName")}
          hint={t`The company name invoices are issued under.`}
        />
        <Field
          label={t(LABELS.address)}
          hint={t`As printed on invoices, one line per row.`}
          error={problems.fields.address}
          control={(ids) => (
            <textarea
              {...ids}
              rows={3}
              maxLength={LIMITS.text}
              value={values.address}
              onChange={(event) => edit("address")(event.target.value)}
            />
          )}
        />
        <InputField label={t(LABELS.taxId)} {...text("taxId")} />
        <InputField
          label={t(LABELS.invoicePrefix)}
          {...text("invoicePrefix", LIMITS.invoicePrefix)}
          spellCheck={false}
          hint={t`Starts every invoice number; numbers run without gaps.`}
        />
      </div>
      <div className="invoice-settings-check">
        <label className="check">
          <input
            type="checkbox"
            checked={values.pricesIncludeTax}
            aria-describedby={hintId}
            onChange={(event) => edit("pricesIncludeTax")(event.target.checked)}
          />
          {t(LABELS.pricesIncludeTax)}
        </label>
        <span id={hintId} className="muted">
          <Trans>
            Ticked, rates and product prices are what the guest pays, tax inside; unticked, tax is added to
            them. Charges already posted keep their amounts; nights not yet invoiced follow this setting.
          </Trans>
        </span>
      </div>
      <div className="form-grid">
        <MoneyField
          label={t(LABELS.cityTaxPerAdultPerNight)}
          value={values.cityTaxPerAdultPerNight}
          onValue={edit("cityTaxPerAdultPerNight")}
          hint={t`Added to each stay, untaxed; 0 for none.`}
          error={problems.fields.cityTaxPerAdultPerNight}
        />
        <InputField label={t(LABELS.cityTaxName)} {...text("cityTaxName")} placeholder={t`City tax`} />
      </div>
      <FormActions submit={t`Save invoice details`} busy={update.isPending} />
      <FormError message={problems.message ? couldNotSave(problems.message) : null} />
      <FormSuccess message={done ? t`Invoice details saved.` : null} />
    </form>
  );
}
