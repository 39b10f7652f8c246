/**
 * A stay's folio (docs/product.md#folio-taxes-and-invoices): one `room` line per night at the price it was
 * sold for, its city-tax line, and the lines posted to it; the tax summary and totals over those not void.
 * One definition for the server's folio, its invoices and the database's folio total (migration 0022
 * `innkeep_folio_total`, compared in src/server/modules/folio/folio.test.ts).
 */
import type { FolioLineKind } from "./constants.js";
import { addDays, type IsoDate } from "./dates.js";
import type { Folio, FolioLine } from "./schemas/folio.js";
import {
  fromMinorUnits,
  type LineAmounts,
  lineAmounts,
  percentMilli,
  summarize,
  type TaxMode,
  toMinorUnits,
} from "./tax.js";

/** A line posted to the stay, as stored: its amounts were worked out when it was posted. */
export type PostedLine = {
  id: string;
  kind: FolioLineKind;
  date: string;
  productId: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  taxRateId: string | null;
  taxName: string;
  percent: number;
  net: number;
  tax: number;
  gross: number;
  voidedAt: string | null;
};

export type FolioInput = {
  currency: string;
  mode: TaxMode;
  stay: { checkInDate: string; nightlyRates: readonly number[]; adults: number; roomLabel: string };
  /** The room type's rate, taxing the nights; null: untaxed. */
  roomTax: { id: string; name: string; percent: number } | null;
  cityTax: { perAdultPerNight: number; name: string };
  posted: readonly PostedLine[];
  /** What was paid, net of refunds. */
  payments: number;
  /** The invoice each line key is on (lineKey), while that invoice stands. */
  invoiced: ReadonlyMap<string, string>;
};

/** How a line is known to the invoices it goes on: nights by date, the city tax once, posted lines by id. */
export function lineKey(line: { id: string | null; kind: FolioLineKind; date: string }): string {
  if (line.id) return `charge:${line.id}`;
  return line.kind === "room" ? `room:${line.date}` : line.kind;
}

export const DEFAULT_CITY_TAX_NAME = "City tax";

/** How a stay's night reads on its folio: its room type's name and ", one night" ("Room" without a type). */
const ONE_NIGHT = ", one night";
const ANY_ROOM = "Room";

export function roomNightLabel(typeName: string): string {
  return `${typeName || ANY_ROOM}${ONE_NIGHT}`;
}

/**
 * The room type a night's label names (`roomNightLabel`), "" for a night without one, null for any other
 * text: a screen writes the night in its own language from it.
 */
export function roomNightType(label: string): string | null {
  if (!label.endsWith(ONE_NIGHT)) return null;
  const type = label.slice(0, -ONE_NIGHT.length);
  return type === ANY_ROOM ? "" : type;
}

/** The amounts of a line priced now (a night, the city tax) in major units. */
function priced(
  quantity: number,
  unitPrice: number,
  percent: number,
  mode: TaxMode,
  currency: string,
): LineAmounts {
  const minor = lineAmounts(
    { quantity, unitPrice: toMinorUnits(unitPrice, currency), percentMilli: percentMilli(percent) },
    mode,
  );
  return {
    net: fromMinorUnits(minor.net, currency),
    tax: fromMinorUnits(minor.tax, currency),
    gross: fromMinorUnits(minor.gross, currency),
  };
}

/** The lines that follow from the stay: its nights, then its city tax when the property charges one. */
function stayLines(input: FolioInput): FolioLine[] {
  const { stay, roomTax, cityTax, currency, mode } = input;
  const percent = roomTax?.percent ?? 0;
  const nights: FolioLine[] = stay.nightlyRates.map((rate, night) => ({
    id: null,
    kind: "room",
    date: addDays(stay.checkInDate as IsoDate, night),
    description: stay.roomLabel,
    productId: null,
    quantity: 1,
    unitPrice: rate,
    ...priced(1, rate, percent, mode, currency),
    taxRateId: roomTax?.id ?? null,
    percent,
    voidedAt: null,
    invoiceId: null,
  }));
  if (cityTax.perAdultPerNight <= 0) return nights;
  const quantity = stay.adults * stay.nightlyRates.length;
  const city: FolioLine = {
    id: null,
    kind: "city_tax",
    date: stay.checkInDate,
    description: cityTax.name || DEFAULT_CITY_TAX_NAME,
    productId: null,
    quantity,
    unitPrice: cityTax.perAdultPerNight,
    ...priced(quantity, cityTax.perAdultPerNight, 0, mode, currency),
    taxRateId: null,
    percent: 0,
    voidedAt: null,
    invoiceId: null,
  };
  return quantity > 0 ? [...nights, city] : nights;
}

export function buildFolio(input: FolioInput): Folio {
  const { currency } = input;
  const posted: FolioLine[] = input.posted.map(({ taxName: _name, ...line }) => ({
    ...line,
    invoiceId: null,
  }));
  const lines = [...stayLines(input), ...posted].map((line) => ({
    ...line,
    invoiceId: input.invoiced.get(lineKey(line)) ?? null,
  }));
  const totals = summarizeLines(
    lines.filter((line) => line.voidedAt === null),
    taxNames(input),
    currency,
  );
  const payments = input.payments;
  const balance = fromMinorUnits(
    toMinorUnits(totals.gross, currency) - toMinorUnits(payments, currency),
    currency,
  );
  return { lines, ...totals, payments, balance, currency };
}

/** The name each rate is shown under: posted lines keep the name they were posted with. */
function taxNames(input: FolioInput): Map<string, string> {
  const names = new Map<string, string>();
  if (input.roomTax) names.set(input.roomTax.id, input.roomTax.name);
  for (const line of input.posted) if (line.taxRateId) names.set(line.taxRateId, line.taxName);
  return names;
}

/** The tax summary (one row per rate and percentage) and totals of `lines`, which are in major units. */
export function summarizeLines(
  lines: readonly Pick<FolioLine, "net" | "tax" | "gross" | "taxRateId" | "percent">[],
  names: ReadonlyMap<string, string>,
  currency: string,
): Pick<Folio, "taxes" | "net" | "tax" | "gross"> {
  const minor = (value: number) => toMinorUnits(value, currency);
  const major = (value: number) => fromMinorUnits(value, currency);
  const { taxes, totals } = summarize(
    lines.map((line) => ({
      net: minor(line.net),
      tax: minor(line.tax),
      gross: minor(line.gross),
      taxRateId: line.taxRateId,
      percentMilli: percentMilli(line.percent),
    })),
  );
  return {
    taxes: taxes.map((row) => ({
      taxRateId: row.taxRateId,
      name: row.taxRateId ? (names.get(row.taxRateId) ?? "") : "",
      percent: row.percentMilli / 1000,
      net: major(row.net),
      tax: major(row.tax),
    })),
    net: major(totals.net),
    tax: major(totals.tax),
    gross: major(totals.gross),
  };
}

/** A line to post: its amounts worked out now, under the property's tax mode, and kept as posted. */
export function postedAmounts(
  line: { quantity: number; unitPrice: number; percent: number },
  mode: TaxMode,
  currency: string,
): LineAmounts {
  return priced(line.quantity, line.unitPrice, line.percent, mode, currency);
}
