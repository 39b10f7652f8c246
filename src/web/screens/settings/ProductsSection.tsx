/**
 * Products (docs/product.md#folio-taxes-and-invoices): what the desk sells besides the nights (breakfast,
 * parking), each with a price in the hotel's currency and a tax rate. Only active products are offered in a
 * stay's "Add charge"; a charge keeps the name, price and rate it was posted with, so editing a product changes
 * what is posted from then on.
 */
import { type FormEvent, useState } from "react";
import type { Product } from "../../../domain/schemas/products.js";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import {
  useCreateProduct,
  useDeleteProduct,
  useProducts,
  useTaxRates,
  useUpdateProduct,
} from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { EditDialog } from "../../components/EditDialog.js";
import { AmountField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";
import { QueryList } from "../../components/QueryList.js";
import { RowActions } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { percentLabel } from "../invoices/invoiceText.js";

const LABELS = { name: "Name", price: "Price", taxRateId: "Tax rate", active: "Active" } as const;
type Values = { name: string; price: string; taxRateId: string; active: boolean };

const rateName = (rates: readonly TaxRate[], id: string | null) => {
  const rate = rates.find((one) => one.id === id);
  return rate ? `${rate.name} ${percentLabel(rate.percent)}` : "No tax";
};

export function ProductsSection() {
  const products = useProducts();
  const rates = useTaxRates().data ?? [];
  const money = useMoney();
  const deletion = useDeleteProduct();
  const rows = useRowActions<Product>(deletion);
  const refused = products.data?.find((product) => product.id === deletion.variables);
  return (
    <section className="panel stack" aria-labelledby="products-heading">
      <h2 id="products-heading">Products</h2>
      <p className="muted section-intro">
        Extras the desk adds to a stay's folio. Only active products are offered there.
      </p>
      <ProductForm rates={rates} />
      <QueryList query={products} empty="No products yet.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards settings-table"
            columns={["Name", numeric("Price"), "Tax rate", "Active", ACTIONS]}
          >
            {items.map((product) => (
              <tr key={product.id}>
                <td data-label="Name">
                  <bdi>{product.name}</bdi>
                </td>
                <td data-label="Price" className="num">
                  {money(product.price)}
                </td>
                <td data-label="Tax rate">{rateName(rates, product.taxRateId)}</td>
                <td data-label="Active">{product.active ? "Yes" : "No"}</td>
                <RowActions
                  busy={rows.busy(product.id)}
                  onEdit={() => rows.edit(product)}
                  onDelete={() =>
                    rows.remove(
                      product.id,
                      `Delete the product ${product.name}?`,
                      `Product ${product.name} deleted.`,
                    )
                  }
                />
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError
        message={rows.error ? `Could not delete ${refused?.name ?? "the product"}: ${rows.error}` : null}
      />
      <FormSuccess message={rows.message} />
      {rows.editing ? (
        <ProductEditDialog
          product={rows.editing}
          rates={rates}
          onSaved={(product) => rows.saved(`Product ${product.name} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </section>
  );
}

function ProductFields({
  values,
  rates,
  onChange,
  errors,
}: {
  values: Values;
  rates: readonly TaxRate[];
  onChange: (changes: Partial<Values>) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <InputField
        label="Name"
        required
        autoComplete="off"
        placeholder="e.g. Breakfast"
        value={values.name}
        onValue={(name) => onChange({ name })}
        error={errors.name}
      />
      <AmountField
        label="Price"
        required
        min={0}
        value={values.price}
        onValue={(price) => onChange({ price })}
        error={errors.price}
      />
      <SelectField
        label="Tax rate"
        value={values.taxRateId}
        onValue={(taxRateId) => onChange({ taxRateId })}
        error={errors.taxRateId}
      >
        <option value="">No tax</option>
        {rates.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name} {percentLabel(rate.percent)}
          </option>
        ))}
      </SelectField>
      <label className="check product-active">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => onChange({ active: event.target.checked })}
        />
        Active
      </label>
    </>
  );
}

const EMPTY: Values = { name: "", price: "", taxRateId: "", active: true };

function ProductForm({ rates }: { rates: readonly TaxRate[] }) {
  const create = useCreateProduct();
  const [form, setForm] = useState<Values>(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  const problems = splitFieldErrors(create.error, LABELS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    create.mutate(
      {
        name: form.name.trim(),
        price: Number(form.price),
        taxRateId: form.taxRateId || null,
        active: form.active,
      },
      {
        onSuccess: (product) => {
          // The next product is likely taxed alike: the rate stays chosen.
          setForm((current) => ({ ...EMPTY, taxRateId: current.taxRateId }));
          setAdded(`Product ${product.name} added.`);
        },
      },
    );
  };
  return (
    <form className="entry-form" onSubmit={submit} aria-label="Add a product">
      <div className="form-grid">
        <ProductFields
          values={form}
          rates={rates}
          onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
          errors={problems.fields}
        />
        <FormActions submit="Add product" busy={create.isPending} />
      </div>
      <FormError
        message={
          problems.message ? `Could not add ${form.name.trim() || "the product"}: ${problems.message}` : null
        }
      />
      <FormSuccess message={added} />
    </form>
  );
}

function ProductEditDialog({
  product,
  rates,
  onSaved,
  onClose,
}: {
  product: Product;
  rates: readonly TaxRate[];
  onSaved: (saved: Product) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Values>({
    name: product.name,
    price: String(product.price),
    taxRateId: product.taxRateId ?? "",
    active: product.active,
  });
  const update = useUpdateProduct();
  return (
    <EditDialog
      heading={`Edit product ${product.name}`}
      saveLabel="Save product"
      id={product.id}
      record={{
        name: product.name,
        price: product.price,
        taxRateId: product.taxRateId,
        active: product.active,
      }}
      edited={{
        name: form.name.trim(),
        price: Number(form.price),
        taxRateId: form.taxRateId || null,
        active: form.active,
      }}
      update={update}
      labels={LABELS}
      onSaved={onSaved}
      onClose={onClose}
    >
      <ProductFields
        values={form}
        rates={rates}
        onChange={(changes) => setForm((current) => ({ ...current, ...changes }))}
        errors={splitFieldErrors(update.error, LABELS).fields}
      />
      <p className="muted">Charges already posted keep their price and tax rate.</p>
    </EditDialog>
  );
}
