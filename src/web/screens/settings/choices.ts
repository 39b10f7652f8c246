/** Choices for the settings pickers, computed once per page load (the currencies once per language). */
import { t } from "@lingui/core/macro";
import { DEFAULT_TIME_ZONE } from "../../../domain/constants.js";
import { isValidTimeZone } from "../../../domain/dates.js";
import { listCurrencyCodes } from "../../../domain/money.js";
import { localeOf, writesAsEnglish } from "../../i18n/format.js";

export type Choice = { value: string; label?: string };

const currencies = new Map<string, Choice[]>();
let timeZones: Choice[] | undefined;

/** English (and the pseudo-language) keeps the words it always had; the others write in their locale. */
const isEnglish = writesAsEnglish;

/** ISO 4217 codes with their names in `language` ("INR" — "Indian Rupee", "rupia india"). */
export function currencyChoices(language: string): Choice[] {
  const locale = isEnglish(language) ? "en" : localeOf(language);
  let choices = currencies.get(locale);
  if (!choices) {
    const names = new Intl.DisplayNames([locale], { type: "currency" });
    choices = listCurrencyCodes().map((code) => {
      const name = names.of(code);
      return name && name !== code ? { value: code, label: name } : { value: code };
    });
    currencies.set(locale, choices);
  }
  return choices;
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

/** "Indian Rupee" for "INR" in `language`; null when the code is not a known currency. */
export function currencyName(code: string, language: string): string | null {
  const normalized = code.trim().toUpperCase();
  return currencyChoices(language).find((choice) => choice.value === normalized)?.label ?? null;
}

/**
 * "Local time Sun 14:05" in `timeZone`, in `language` (called while rendering: the sentence is the shown
 * language's), so the user sees the zone is the one they meant; null when unknown.
 */
export function localTime(timeZone: string, language: string, now: Date = new Date()): string | null {
  const zone = timeZone.trim();
  if (!isValidTimeZone(zone)) return null;
  const time = new Intl.DateTimeFormat(isEnglish(language) ? "en-GB" : localeOf(language), {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(now);
  return t`Local time ${time}`;
}
