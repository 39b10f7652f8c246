import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { formatMoney, minorDigits, moneyStep } from "../../domain/money.js";
import { useProperty } from "../api/property.js";
import { localeOf } from "../i18n/format.js";

/**
 * Formats an amount in the property's currency (₹ for INR) with the one money formatter (formatMoney);
 * written as the language shown writes money (its `Intl` locale: "₹1,500.00", "1500,00 INR");
 * `{ short: true }` drops the zero minor digits of a whole amount, for narrow cells.
 */
export function useMoney(): (amount: number, options?: { short?: boolean; compact?: boolean }) => string {
  const { currency } = useProperty();
  const locale = localeOf(useLingui().i18n.locale);
  return useCallback(
    (amount: number, options?: { short?: boolean; compact?: boolean }) =>
      formatMoney(amount, currency, { ...options, locale }),
    [currency, locale],
  );
}

/** The `step` of a money input in the property's currency: whole yen, rupees to the paisa. */
export function useMoneyStep(): string {
  return moneyStep(useProperty().currency);
}

/**
 * The `step` of a folio amount (a charge, a product's price): the currency's whole minor unit, fils for KWD
 * too, since folio amounts carry up to three decimals where stay prices carry two.
 */
export function useAmountStep(): string {
  const digits = minorDigits(useProperty().currency);
  return digits === 0 ? "1" : (10 ** -digits).toFixed(digits);
}
