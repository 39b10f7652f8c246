/**
 * Taxes (docs/product.md#folio-taxes-and-invoices): the rates room types and products are taxed at, each a
 * name and a percentage. A posted charge keeps the rate it was posted with, so editing a rate changes what is
 * posted from then on; a rate that a room type, product or charge still names is not deleted (409 `in_use`,
 * the server says by what).
 */
import { type FormEvent, useState } from "react";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import { useCreateTaxRate, useDeleteTaxRate, useTaxRates, useUpdateTaxRate } from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { EditDialog } from "../../components/EditDialog.js";
import { InputField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";
import { QueryList } from "../../components/QueryList.js";
import { RowActions } from "../../components/RowActions.js";
import { useRowActions } from "../../components/useRowActions.js";
import { percentLabel } from "../invoices/invoiceText.js";

const LABELS = { name: "Name", percent: "Percent" } as const;
type Values = { name: string; percent: string };

export function TaxesSection() {
  const rates = useTaxRates();
  const deletion = useDeleteTaxRate();
  const rows = useRowActions<TaxRate>(deletion);
  const refused = rates.data?.find((rate) => rate.id === deletion.variables);
  return (
    <section className="panel stack" aria-labelledby="taxes-heading">
      <h2 id="taxes-heading">Taxes</h2>
      <p className="muted section-intro">
        The rates room types and products are taxed at. A charge keeps the rate it was posted with.
      </p>
      <TaxRateForm />
      <QueryList query={rates} empty="No tax rates yet: nights and extras are untaxed.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards settings-table"
            columns={["Name", numeric("Percent"), ACTIONS]}
          >
            {items.map((rate) => (
              <tr key={rate.id}>
                <td data-label="Name">
                  <bdi>{rate.name}</bdi>
                </td>
                <td data-label="Percent" className="num">
                  {percentLabel(rate.percent)}
                </td>
                <RowActions
                  busy={rows.busy(rate.id)}
                  onEdit={() => rows.edit(rate)}
                  onDelete={() =>
                    rows.remove(
                      rate.id,
                      `Delete the tax rate ${rate.name}?`,
                      `Tax rate ${rate.name} deleted.`,
                    )
                  }
                />
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError
        message={rows.error ? `Could not delete ${refused?.name ?? "the tax rate"}: ${rows.error}` : null}
      />
      <FormSuccess message={rows.message} />
      {rows.editing ? (
        <TaxRateEditDialog
          rate={rows.editing}
          onSaved={(rate) => rows.saved(`Tax rate ${rate.name} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </section>
  );
}

function TaxRateFields({
  values,
  onChange,
  errors,
}: {
  values: Values;
  onChange: (field: keyof Values, value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <InputField
        label="Name"
        required
        autoComplete="off"
        placeholder="e.g. GST"
        value={values.name}
        onValue={(value) => onChange("name", value)}
        error={errors.name}
      />
      <InputField
        label="Percent"
        type="number"
        inputMode="decimal"
        required
        min={0}
        max={100}
        step={0.001}
        value={values.percent}
        onValue={(value) => onChange("percent", value)}
        error={errors.percent}
      />
    </>
  );
}

function TaxRateForm() {
  const create = useCreateTaxRate();
  const [form, setForm] = useState<Values>({ name: "", percent: "" });
  const [added, setAdded] = useState<string | null>(null);
  const problems = splitFieldErrors(create.error, LABELS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    create.mutate(
      { name: form.name.trim(), percent: Number(form.percent) },
      {
        onSuccess: (rate) => {
          setForm({ name: "", percent: "" });
          setAdded(`Tax rate ${rate.name} (${percentLabel(rate.percent)}) added.`);
        },
      },
    );
  };
  return (
    <form className="entry-form" onSubmit={submit} aria-label="Add a tax rate">
      <div className="form-grid">
        <TaxRateFields
          values={form}
          onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
          errors={problems.fields}
        />
        <FormActions submit="Add tax rate" busy={create.isPending} />
      </div>
      <FormError
        message={
          problems.message ? `Could not add ${form.name.trim() || "the tax rate"}: ${problems.message}` : null
        }
      />
      <FormSuccess message={added} />
    </form>
  );
}

function TaxRateEditDialog({
  rate,
  onSaved,
  onClose,
}: {
  rate: TaxRate;
  onSaved: (saved: TaxRate) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Values>({ name: rate.name, percent: String(rate.percent) });
  const update = useUpdateTaxRate();
  return (
    <EditDialog
      heading={`Edit tax rate ${rate.name}`}
      saveLabel="Save tax rate"
      id={rate.id}
      record={{ name: rate.name, percent: rate.percent }}
      edited={{ name: form.name.trim(), percent: Number(form.percent) }}
      update={update}
      labels={LABELS}
      onSaved={onSaved}
      onClose={onClose}
    >
      <TaxRateFields
        values={form}
        onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
        errors={splitFieldErrors(update.error, LABELS).fields}
      />
      <p className="muted">Charges already posted keep the rate they were posted with.</p>
    </EditDialog>
  );
}
