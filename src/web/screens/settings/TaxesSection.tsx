/**
 * Taxes (docs/product.md#folio-taxes-and-invoices): the rates room types and products are taxed at, each a
 * name and a percentage. A posted charge keeps the rate it was posted with, so editing a rate changes what is
 * posted from then on; a rate that a room type, product or charge still names is not deleted (409 `in_use`,
 * the server says by what).
 */
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { TaxRate, TaxRateCreateInput } from "../../../domain/schemas/tax-rates.js";
import { useCreateTaxRate, useDeleteTaxRate, useTaxRates, useUpdateTaxRate } from "../../api/resources.js";
import { numeric } from "../../components/DataTable.js";
import { InputField } from "../../components/Field.js";
import { localeOf } from "../../i18n/format.js";
import { percentLabel, useInvoiceText } from "../invoices/invoiceText.js";
import {
  type EditProps,
  RecordEditDialog,
  type RecordFieldsProps,
  type RecordKind,
  RecordsSection,
} from "./RecordsSection.js";

type Values = { name: string; percent: string };

const TAX_RATE: RecordKind<TaxRate, Values, TaxRateCreateInput> = {
  words: {
    addForm: msg`Add a tax rate`,
    add: msg`Add tax rate`,
    save: msg`Save tax rate`,
    edit: (name) => msg`Edit tax rate ${name}`,
    confirmDelete: (name) => msg`Delete the tax rate ${name}?`,
    deleted: (name) => msg`Tax rate ${name} deleted.`,
    saved: (name) => msg`Tax rate ${name} saved.`,
    notDeleted: (reason) => msg`Could not delete the tax rate: ${reason}`,
    notAdded: (reason) => msg`Could not add the tax rate: ${reason}`,
  },
  labels: { name: msg`Name`, percent: msg`Percent` },
  placeholder: msg`e.g. GST`,
  blank: { name: "", percent: "" },
  values: (rate) => ({ name: rate.name, percent: String(rate.percent) }),
  input: (values) => ({ name: values.name.trim(), percent: Number(values.percent) }),
  Fields: TaxRateFields,
  added: (rate) => {
    const { name } = rate;
    // Called once the rate is added, while the screen shows the current language.
    const percent = percentLabel(rate.percent, localeOf(i18n.locale));
    return msg`Tax rate ${name} (${percent}) added.`;
  },
  editNote: msg`Charges already posted keep the rate they were posted with.`,
};

export function TaxesSection() {
  const rates = useTaxRates();
  const create = useCreateTaxRate();
  const deletion = useDeleteTaxRate();
  const { t } = useLingui();
  const text = useInvoiceText();
  return (
    <RecordsSection
      id="taxes"
      heading={t`Taxes`}
      intro={t`The rates room types and products are taxed at. A charge keeps the rate it was posted with.`}
      empty={t`No tax rates yet: nights and extras are untaxed.`}
      kind={TAX_RATE}
      query={rates}
      create={create}
      deletion={deletion}
      columns={[numeric(t`Percent`)]}
      cells={(rate) => (
        <td data-label={t`Percent`} className="num">
          {text.percentLabel(rate.percent)}
        </td>
      )}
      Edit={TaxRateEditDialog}
    />
  );
}

function TaxRateFields({ values, onChange, errors }: RecordFieldsProps<Values>) {
  const { t } = useLingui();
  return (
    <InputField
      label={t`Percent`}
      type="number"
      inputMode="decimal"
      required
      min={0}
      max={100}
      step={0.001}
      value={values.percent}
      onValue={(percent) => onChange({ percent })}
      error={errors.percent}
    />
  );
}

function TaxRateEditDialog(props: EditProps<TaxRate>) {
  return <RecordEditDialog {...props} kind={TAX_RATE} update={useUpdateTaxRate()} />;
}
