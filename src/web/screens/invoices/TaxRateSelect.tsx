/**
 * The "Tax rate" of what the desk sells (a product in Settings, a custom charge on a folio): no tax, the
 * empty value, or one of the property's rates by name and percentage.
 */
import { useLingui } from "@lingui/react/macro";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import { SelectField } from "../../components/Field.js";
import { useInvoiceText } from "./invoiceText.js";

export function TaxRateSelect({
  rates,
  value,
  onValue,
  error,
}: {
  rates: readonly TaxRate[];
  value: string;
  onValue: (taxRateId: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const { rateLabel } = useInvoiceText();
  return (
    <SelectField label={t`Tax rate`} value={value} onValue={onValue} error={error}>
      <option value="">{t`No tax`}</option>
      {rates.map((rate) => (
        <option key={rate.id} value={rate.id}>
          {rateLabel(rate)}
        </option>
      ))}
    </SelectField>
  );
}
