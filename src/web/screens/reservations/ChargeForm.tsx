/**
 * "Add charge" on a stay's folio (docs/product.md#folio-taxes-and-invoices): one of the active products, its
 * price filled in and editable, or a custom charge with its own description, price and tax rate; times a
 * quantity. A custom charge at a negative price corrects an earlier one (an adjustment).
 */
import { Trans, useLingui } from "@lingui/react/macro";
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

export function ChargeForm({ stay }: { stay: Reservation }) {
  const products = useProducts();
  const taxRates = useTaxRates();
  const post = usePostCharge(stay.id);
  const money = useMoney();
  const { t } = useLingui();
  const labels = {
    productId: t`Product`,
    description: t`Description`,
    quantity: t`Quantity`,
    unitPrice: t`Price`,
    taxRateId: t`Tax rate`,
  };
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
  const problems = splitFieldErrors(post.error, labels);
  const name = product?.name ?? description.trim();
  const refusal = problems.message;
  const productsError = products.error?.message;

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
        const { description: charge, quantity: count } = line;
        const gross = money(line.gross);
        setAdded(t`${charge} × ${count} added: ${gross}.`);
        setQuantity("1");
        setPrice(null);
        setDescription("");
      },
    });
  };

  return (
    <form className="entry-form charge-form" onSubmit={submit} aria-labelledby="add-charge-heading">
      <h4 id="add-charge-heading">
        <Trans>Add charge</Trans>
      </h4>
      <div className={product ? "form-grid" : "form-grid custom"}>
        <SelectField
          label={labels.productId}
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
          <option value={CUSTOM}>{t`Custom charge`}</option>
        </SelectField>
        {product ? null : (
          <InputField
            label={labels.description}
            required
            maxLength={LIMITS.text}
            autoComplete="off"
            value={description}
            onValue={setDescription}
            error={problems.fields.description}
          />
        )}
        <WholeNumberField
          label={labels.quantity}
          required
          min={1}
          max={LIMITS.maxQuantity}
          value={quantity}
          onValue={setQuantity}
          error={problems.fields.quantity}
        />
        <AmountField
          label={labels.unitPrice}
          required
          {...(product ? { min: 0 } : {})}
          value={shownPrice}
          onValue={setPrice}
          hint={product ? t`Per unit` : t`Per unit; negative to correct`}
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
        <FormActions submit={t`Add charge`} busy={post.isPending} />
      </div>
      <FormError
        message={
          refusal
            ? name
              ? t`Could not add ${name}: ${refusal}`
              : t`Could not add the charge: ${refusal}`
            : null
        }
      />
      <FormError message={products.error ? t`Could not load the products: ${productsError}` : null} />
      <FormSuccess message={added} />
    </form>
  );
}
