import { useCallback } from "react";
import { formatMoney } from "../../domain/money.js";
import { useProperty } from "../api/property.js";

/** Formats an amount in the property's currency (₹ for INR) through Intl.NumberFormat. */
export function useMoney(): (amount: number) => string {
  const { currency } = useProperty();
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
