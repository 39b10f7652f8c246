/**
 * Products (docs/product.md#folio-taxes-and-invoices): what the desk sells besides the nights (breakfast,
 * parking), each with a price in the hotel's currency and a tax rate. Only active products are offered in a
 * stay's "Add charge"; a charge keeps the name, price and rate it was posted with, so editing a product changes
 * what is posted from then on.
 */
import type { Product, ProductCreateInput } from "../../../domain/schemas/products.js";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import {
  useCreateProduct,
  useDeleteProduct,
  useProducts,
  useTaxRates,
  useUpdateProduct,
} from "../../api/resources.js";
import { numeric } from "../../components/DataTable.js";
import { AmountField } from "../../components/Field.js";
import { useMoney } from "../../components/useMoney.js";
import { rateLabel } from "../invoices/invoiceText.js";
import { TaxRateSelect } from "../invoices/TaxRateSelect.js";
import {
  type EditProps,
  RecordEditDialog,
  type RecordFieldsProps,
  type RecordKind,
  RecordsSection,
} from "./RecordsSection.js";

type Values = { name: string; price: string; taxRateId: string; active: boolean };

const rateName = (rates: readonly TaxRate[], id: string | null) => {
  const rate = rates.find((one) => one.id === id);
  return rate ? rateLabel(rate) : "No tax";
};

const PRODUCT: RecordKind<Product, Values, ProductCreateInput> = {
  noun: "product",
  labels: { name: "Name", price: "Price", taxRateId: "Tax rate", active: "Active" },
  placeholder: "e.g. Breakfast",
  blank: { name: "", price: "", taxRateId: "", active: true },
  // The next product is likely taxed alike: the rate stays chosen.
  keep: ["taxRateId"],
  values: (product) => ({
    name: product.name,
    price: String(product.price),
    taxRateId: product.taxRateId ?? "",
    active: product.active,
  }),
  input: (values) => ({
    name: values.name.trim(),
    price: Number(values.price),
    taxRateId: values.taxRateId || null,
    active: values.active,
  }),
  Fields: ProductFields,
  added: (product) => `Product ${product.name} added.`,
  editNote: "Charges already posted keep their price and tax rate.",
};

export function ProductsSection() {
  const products = useProducts();
  const rates = useTaxRates().data ?? [];
  const money = useMoney();
  const create = useCreateProduct();
  const deletion = useDeleteProduct();
  return (
    <RecordsSection
      id="products"
      heading="Products"
      intro="Extras the desk adds to a stay's folio. Only active products are offered there."
      empty="No products yet."
      kind={PRODUCT}
      query={products}
      create={create}
      deletion={deletion}
      columns={[numeric("Price"), "Tax rate", "Active"]}
      cells={(product) => (
        <>
          <td data-label="Price" className="num">
            {money(product.price)}
          </td>
          <td data-label="Tax rate">{rateName(rates, product.taxRateId)}</td>
          <td data-label="Active">{product.active ? "Yes" : "No"}</td>
        </>
      )}
      Edit={ProductEditDialog}
    />
  );
}

function ProductFields({ values, onChange, errors }: RecordFieldsProps<Values>) {
  // The section already reads the rates: this shares its query.
  const rates = useTaxRates().data ?? [];
  return (
    <>
      <AmountField
        label="Price"
        required
        min={0}
        value={values.price}
        onValue={(price) => onChange({ price })}
        error={errors.price}
      />
      <TaxRateSelect
        rates={rates}
        value={values.taxRateId}
        onValue={(taxRateId) => onChange({ taxRateId })}
        error={errors.taxRateId}
      />
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

function ProductEditDialog(props: EditProps<Product>) {
  return <RecordEditDialog {...props} kind={PRODUCT} update={useUpdateProduct()} />;
}
