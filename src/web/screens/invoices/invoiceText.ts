/**
 * How tax rates and folio lines read on screen and on paper (docs/product.md#folio-taxes-and-invoices): a
 * tax rate with its percentage, the tax summary's rows, which lines may be voided and what the next invoice
 * would bill. The functions write English; `useInvoiceText` gives the same in the language shown.
 */

import { useLingui } from "@lingui/react/macro";
import { roomNightType } from "../../../domain/folio.js";
import type { FolioLine, TaxSummaryRow } from "../../../domain/schemas/folio.js";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import { fromMinorUnits, toMinorUnits } from "../../../domain/tax.js";
import { localeOf } from "../../i18n/format.js";

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A rate's percentage as people write it: "18%", "12.5%" (in `locale`'s digits: "12,5%" in Spanish). */
export function percentLabel(percent: number, locale = "en-IN"): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    percentFormats.set(locale, format);
  }
  return `${format.format(percent)}%`;
}

/** A tax rate as the desk picks and reads it: its name and percentage, "GST 18%". */
export function rateLabel(rate: Pick<TaxRate, "name" | "percent">, locale?: string): string {
  return `${rate.name} ${percentLabel(rate.percent, locale)}`;
}

/** Whether a tax summary's row holds the untaxed lines. */
function isUntaxed(row: Pick<TaxSummaryRow, "taxRateId" | "percent">): boolean {
  return row.taxRateId === null && row.percent === 0;
}

/** A row of the tax summary: the rate's name and percentage, or "No tax" for the untaxed lines. */
export function taxRowLabel(
  row: Pick<TaxSummaryRow, "taxRateId" | "name" | "percent">,
  locale?: string,
): string {
  if (isUntaxed(row)) return "No tax";
  const percent = percentLabel(row.percent, locale);
  return row.name.trim() ? `${row.name.trim()} ${percent}` : percent;
}

/** What a folio line's last column says instead of its Void button. */
export function lineStatus(line: Pick<FolioLine, "voidedAt" | "invoiceId">): "Void" | "Invoiced" | null {
  if (line.voidedAt) return "Void";
  if (line.invoiceId) return "Invoiced";
  return null;
}

/** Lines the desk may void: posted charges (the nights and city tax follow from the stay), not on an invoice. */
export function isVoidable<Line extends Pick<FolioLine, "id" | "voidedAt" | "invoiceId">>(
  line: Line,
): line is Line & { id: string } {
  return line.id !== null && line.voidedAt === null && line.invoiceId === null;
}

/** What the next invoice would bill: the gross of the lines neither void nor already invoiced. */
export function uninvoiced(lines: readonly FolioLine[], currency: string): { count: number; gross: number } {
  const open = lines.filter((line) => line.voidedAt === null && line.invoiceId === null);
  const minor = open.reduce((sum, line) => sum + toMinorUnits(line.gross, currency), 0);
  return { count: open.length, gross: fromMinorUnits(minor, currency) };
}

/** The words above in the language shown (docs/decisions/047-languages.md); English reads exactly as they do. */
export function useInvoiceText() {
  const { t, i18n } = useLingui();
  const locale = localeOf(i18n.locale);
  return {
    percentLabel: (percent: number) => percentLabel(percent, locale),
    rateLabel: (rate: Pick<TaxRate, "name" | "percent">) => rateLabel(rate, locale),
    taxRowLabel: (row: Pick<TaxSummaryRow, "taxRateId" | "name" | "percent">) =>
      isUntaxed(row) ? t`No tax` : taxRowLabel(row, locale),
    /** A stay's night from its room type (stored in English, `roomNightLabel`); any other line as named. */
    description: (line: Pick<FolioLine, "kind" | "description">) => {
      const type = line.kind === "room" ? roomNightType(line.description) : null;
      if (type === null) return line.description;
      return type ? t`${type}, one night` : t`Room, one night`;
    },
    lineStatus: (line: Pick<FolioLine, "voidedAt" | "invoiceId">) => {
      const status = lineStatus(line);
      if (status === "Void") return t({ message: "Void", context: "state: voided" });
      return status === "Invoiced" ? t`Invoiced` : null;
    },
  };
}
