/**
 * "Add charge" on a stay's folio (docs/product.md#folio-taxes-and-invoices): one of the active products, its
 * price filled in and editable, or a custom charge with its own description, price and tax rate; times a
 * quantity. A custom charge at a negative price corrects an earlier one (an adjustment).
 */
import { type FormEvent, useState } from "react";
import { LIMITS } from "../../../domain/constants.js";
import type { ChargeCreateInput } from "../../../domain/schemas/folio.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { usePostCharge } from "../../api/folio.js";
import { useProducts, useTaxRates } from "../../api/resources.js";
import { AmountField, InputField, SelectField, WholeNumberField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { useMoney } from "../../components/useMoney.js";
import { TaxRateSelect } from "../invoices/TaxRateSelect.js";

const CUSTOM = "custom";
const LABELS = {
  productId: "Product",
  description: "Description",
  quantity: "Quantity",
  unitPrice: "Price",
  taxRateId: "Tax rate",
} as const;

export function ChargeForm({ stay }: { stay: Reservation }) {
  const products = useProducts();
  const taxRates = useTaxRates();
  const post = usePostCharge(stay.id);
  const money = useMoney();
  const active = (products.data ?? []).filter((product) => product.active);
  // Nothing picked yet, or the pick no longer offered (made inactive meanwhile): the first active product,
  // or a custom charge when there is none.
  const [picked, setPicked] = useState<string | null>(null);
  const offered = picked === CUSTOM || active.some((one) => one.id === picked);
  const choice = (offered ? picked : null) ?? active[0]?.id ?? CUSTOM;
  const product = active.find((one) => one.id === choice);
  // Null until edited: the price follows the product's (and a change of it made meanwhile).
  const [price, setPrice] = useState<string | null>(null);
  const shownPrice = price ?? (product ? String(product.price) : "");
  const [quantity, setQuantity] = useState("1");
  const [description, setDescription] = useState("");
  const [taxRateId, setTaxRateId] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const problems = splitFieldErrors(post.error, LABELS);
  const name = product?.name ?? (description.trim() || "the charge");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const count = Number(quantity);
    const unitPrice = Number(shownPrice);
    const input: ChargeCreateInput = product
      ? { productId: product.id, quantity: count, unitPrice }
      : { description: description.trim(), quantity: count, unitPrice, taxRateId: taxRateId || null };
    post.mutate(input, {
      onSuccess: (line) => {
        setAdded(`${line.description} × ${line.quantity} added: ${money(line.gross)}.`);
        setQuantity("1");
        setPrice(null);
        setDescription("");
      },
    });
  };

  return (
    <form className="entry-form charge-form" onSubmit={submit} aria-labelledby="add-charge-heading">
      <h4 id="add-charge-heading">Add charge</h4>
      <div className={product ? "form-grid" : "form-grid custom"}>
        <SelectField
          label="Product"
          value={choice}
          onValue={(value) => {
            setPicked(value);
            setPrice(null);
            setAdded(null);
          }}
          error={problems.fields.productId}
        >
          {active.map((one) => (
            <option key={one.id} value={one.id}>
              {one.name} · {money(one.price)}
            </option>
          ))}
          <option value={CUSTOM}>Custom charge</option>
        </SelectField>
        {product ? null : (
          <InputField
            label="Description"
            required
            maxLength={LIMITS.text}
            autoComplete="off"
            value={description}
            onValue={setDescription}
            error={problems.fields.description}
          />
        )}
        <WholeNumberField
          label="Quantity"
          required
          min={1}
          max={LIMITS.maxQuantity}
          value={quantity}
          onValue={setQuantity}
          error={problems.fields.quantity}
        />
        <AmountField
          label="Price"
          required
          {...(product ? { min: 0 } : {})}
          value={shownPrice}
          onValue={setPrice}
          hint={product ? "Per unit" : "Per unit; negative to correct"}
          error={problems.fields.unitPrice}
        />
        {product ? null : (
          <TaxRateSelect
            rates={taxRates.data ?? []}
            value={taxRateId}
            onValue={setTaxRateId}
            error={problems.fields.taxRateId}
          />
        )}
        <FormActions submit="Add charge" busy={post.isPending} />
      </div>
      <FormError message={problems.message ? `Could not add ${name}: ${problems.message}` : null} />
      <FormError message={products.error ? `Could not load the products: ${products.error.message}` : null} />
      <FormSuccess message={added} />
    </form>
  );
}
