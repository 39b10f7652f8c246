/**
 * Products (docs/product.md#folio-taxes-and-invoices): what the desk sells besides the nights (breakfast,
 * parking), each with a price in the hotel's currency and a tax rate. Only active products are offered in a
 * stay's "Add charge"; a charge keeps the name, price and rate it was posted with, so editing a product changes
 * what is posted from then on.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Product, ProductCreateInput } from "../../../domain/schemas/products.js";
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
import { useInvoiceText } from "../invoices/invoiceText.js";
import { TaxRateSelect } from "../invoices/TaxRateSelect.js";
import {
  type EditProps,
  RecordEditDialog,
  type RecordFieldsProps,
  type RecordKind,
  RecordsSection,
} from "./RecordsSection.js";

type Values = { name: string; price: string; taxRateId: string; active: boolean };

const PRODUCT: RecordKind<Product, Values, ProductCreateInput> = {
  words: {
    addForm: msg`Add a product`,
    add: msg`Add product`,
    save: msg`Save product`,
    edit: (name) => msg`Edit product ${name}`,
    confirmDelete: (name) => msg`Delete the product ${name}?`,
    deleted: (name) => msg`Product ${name} deleted.`,
    saved: (name) => msg`Product ${name} saved.`,
    notDeleted: (reason) => msg`Could not delete the product: ${reason}`,
    notAdded: (reason) => msg`Could not add the product: ${reason}`,
  },
  labels: { name: msg`Name`, price: msg`Price`, taxRateId: msg`Tax rate`, active: msg`Active` },
  placeholder: msg`e.g. Breakfast`,
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
  added: ({ name }) => msg`Product ${name} added.`,
  editNote: msg`Charges already posted keep their price and tax rate.`,
};

export function ProductsSection() {
  const products = useProducts();
  const rates = useTaxRates().data ?? [];
  const money = useMoney();
  const create = useCreateProduct();
  const deletion = useDeleteProduct();
  const { t } = useLingui();
  const { rateLabel } = useInvoiceText();
  /** A product's rate by name and percentage; "No tax" when it is untaxed (or its rate is gone). */
  const rateName = (id: string | null) => {
    const rate = rates.find((one) => one.id === id);
    return rate ? rateLabel(rate) : t`No tax`;
  };
  return (
    <RecordsSection
      id="products"
      heading={t`Products`}
      intro={t`Extras the desk adds to a stay's folio. Only active products are offered there.`}
      empty={t`No products yet.`}
      kind={PRODUCT}
      query={products}
      create={create}
      deletion={deletion}
      columns={[numeric(t`Price`), t`Tax rate`, t`Active`]}
      cells={(product) => (
        <>
          <td data-label={t`Price`} className="num">
            {money(product.price)}
          </td>
          <td data-label={t`Tax rate`}>{rateName(product.taxRateId)}</td>
          <td data-label={t`Active`}>{product.active ? t`Yes` : t`No`}</td>
        </>
      )}
      Edit={ProductEditDialog}
    />
  );
}

function ProductFields({ values, onChange, errors }: RecordFieldsProps<Values>) {
  // The section already reads the rates: this shares its query.
  const rates = useTaxRates().data ?? [];
  const { t } = useLingui();
  return (
    <>
      <AmountField
        label={t`Price`}
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
        <Trans>Active</Trans>
      </label>
    </>
  );
}

function ProductEditDialog(props: EditProps<Product>) {
  return <RecordEditDialog {...props} kind={PRODUCT} update={useUpdateProduct()} />;
}
