/** Choices for the settings pickers, computed once per page load. */
import { DEFAULT_TIME_ZONE } from "../../../domain/constants.js";
import { isValidTimeZone } from "../../../domain/dates.js";
import { listCurrencyCodes } from "../../../domain/money.js";

export type Choice = { value: string; label?: string };

let currencies: Choice[] | undefined;
let timeZones: Choice[] | undefined;

/** ISO 4217 codes with their English names ("INR" — "Indian Rupee"). */
export function currencyChoices(): Choice[] {
  if (!currencies) {
    const names = new Intl.DisplayNames(["en"], { type: "currency" });
    currencies = listCurrencyCodes().map((code) => {
      const name = names.of(code);
      return name && name !== code ? { value: code, label: name } : { value: code };
    });
  }
  return currencies;
}

/**
 * IANA zones this browser knows. Chromium and Node list the canonical "Asia/Calcutta", so the default
 * "Asia/Kolkata" (docs/product.md#properties-and-settings) is added (both are valid zone names everywhere).
 */
export function timeZoneChoices(): Choice[] {
  if (!timeZones) {
    const zones = new Set(Intl.supportedValuesOf("timeZone"));
    zones.add(DEFAULT_TIME_ZONE);
    timeZones = [...zones].sort().map((zone) => ({ value: zone }));
  }
  return timeZones;
}

/** "Indian Rupee" for "INR"; null when the code is not a known currency. */
export function currencyName(code: string): string | null {
  const normalized = code.trim().toUpperCase();
  return currencyChoices().find((choice) => choice.value === normalized)?.label ?? null;
}

/** "Local time Sun 14:05" in `timeZone`, so the user sees the zone is the one they meant; null when unknown. */
export function localTime(timeZone: string, now: Date = new Date()): string | null {
  const zone = timeZone.trim();
  if (!isValidTimeZone(zone)) return null;
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(now);
  return `Local time ${time}`;
}
