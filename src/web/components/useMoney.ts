import { useCallback } from "react";
import { formatMoney, moneyStep } from "../../domain/money.js";
import { useProperty } from "../api/property.js";

/**
 * Formats an amount in the property's currency (₹ for INR) with the one money formatter (formatMoney);
 * `{ short: true }` drops the zero minor digits of a whole amount, for narrow cells.
 */
export function useMoney(): (amount: number, options?: { short?: boolean }) => string {
  const { currency } = useProperty();
  return useCallback(
    (amount: number, options?: { short?: boolean }) => formatMoney(amount, currency, options),
    [currency],
  );
}

/** The `step` of a money input in the property's currency: whole yen, rupees to the paisa. */
export function useMoneyStep(): string {
  return moneyStep(useProperty().currency);
}
