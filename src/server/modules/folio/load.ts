/**
 * Reading a stay's folio: the stay, the property's tax settings, the room type's rate, the posted lines, the
 * payments and which lines are on an invoice that stands, laid out by the domain (src/domain/folio.ts).
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { FolioLineKind } from "../../../domain/constants.js";
import { AppError } from "../../../domain/errors.js";
import { buildFolio, type PostedLine, roomNightLabel } from "../../../domain/folio.js";
import type { Folio } from "../../../domain/schemas/folio.js";
import type { Db } from "../../db/connect.js";
import {
  folioCharges,
  invoicedLines,
  payments,
  properties,
  reservations,
  roomTypes,
  taxRates,
} from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";
import { RESERVATION_NOT_FOUND } from "../reservations/index.js";

export type FolioStay = {
  id: string;
  code: string;
  status: string;
  guestId: string;
  checkInDate: string;
  currency: string;
  timeZone: string;
};

export type ChargeRow = typeof folioCharges.$inferSelect;

export function presentPosted(row: ChargeRow): PostedLine {
  return {
    id: row.id,
    kind: row.kind as FolioLineKind,
    date: row.date,
    productId: row.productId,
    description: row.description,
    quantity: row.quantity,
    unitPrice: toMoney(row.unitPrice),
    taxRateId: row.taxRateId,
    taxName: row.taxName,
    percent: toMoney(row.percent),
    net: toMoney(row.net),
    tax: toMoney(row.tax),
    gross: toMoney(row.gross),
    voidedAt: row.voidedAt === null ? null : toIso(row.voidedAt),
  };
}

/** The stay's folio and what the invoices of it need to know about the stay. */
export async function loadFolio(
  db: Db,
  propertyId: string,
  reservationId: string,
): Promise<{ folio: Folio; stay: FolioStay }> {
  const [row] = await db
    .select({
      // Only what the folio reads: every column of each row is copied out of the database.
      stay: {
        id: reservations.id,
        code: reservations.code,
        status: reservations.status,
        guestId: reservations.guestId,
        checkInDate: reservations.checkInDate,
        nightlyRates: reservations.nightlyRates,
        adults: reservations.adults,
        roomTypeName: reservations.roomTypeName,
      },
      property: {
        currency: properties.currency,
        timeZone: properties.timeZone,
        pricesIncludeTax: properties.pricesIncludeTax,
        cityTaxPerAdultPerNight: properties.cityTaxPerAdultPerNight,
        cityTaxName: properties.cityTaxName,
      },
      typeName: roomTypes.name,
      taxRate: { id: taxRates.id, name: taxRates.name, percent: taxRates.percent },
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .leftJoin(
      roomTypes,
      and(eq(roomTypes.propertyId, reservations.propertyId), eq(roomTypes.id, reservations.roomTypeId)),
    )
    .leftJoin(
      taxRates,
      and(eq(taxRates.propertyId, roomTypes.propertyId), eq(taxRates.id, roomTypes.taxRateId)),
    )
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, reservationId)));
  if (!row) throw new AppError("not_found", RESERVATION_NOT_FOUND);
  const { stay, property } = row;
  // One after another: the issue reads the folio in its transaction, whose connection takes one query at a time.
  const posted = await db
    .select()
    .from(folioCharges)
    .where(and(eq(folioCharges.propertyId, propertyId), eq(folioCharges.reservationId, reservationId)))
    .orderBy(asc(folioCharges.createdAt), asc(folioCharges.id));
  const [paid] = await db
    .select({
      net: sql<string>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amount} else ${payments.amount} end), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.propertyId, propertyId),
        eq(payments.reservationId, reservationId),
        isNull(payments.voidedAt),
      ),
    );
  const invoiced = await db
    .select({ key: invoicedLines.lineKey, invoiceId: invoicedLines.invoiceId })
    .from(invoicedLines)
    .where(and(eq(invoicedLines.propertyId, propertyId), eq(invoicedLines.reservationId, reservationId)));
  const typeName = row.typeName ?? stay.roomTypeName ?? "";
  const folio = buildFolio({
    currency: property.currency,
    mode: property.pricesIncludeTax ? "inclusive" : "exclusive",
    stay: {
      checkInDate: stay.checkInDate,
      nightlyRates: stay.nightlyRates.map(Number),
      adults: stay.adults,
      roomLabel: roomNightLabel(typeName),
    },
    roomTax: row.taxRate
      ? { id: row.taxRate.id, name: row.taxRate.name, percent: toMoney(row.taxRate.percent) }
      : null,
    cityTax: { perAdultPerNight: toMoney(property.cityTaxPerAdultPerNight), name: property.cityTaxName },
    posted: posted.map(presentPosted),
    payments: toMoney(paid?.net ?? 0),
    invoiced: new Map(invoiced.map((line) => [line.key, line.invoiceId])),
  });
  return {
    folio,
    stay: {
      id: stay.id,
      code: stay.code,
      status: stay.status,
      guestId: stay.guestId,
      checkInDate: stay.checkInDate,
      currency: property.currency,
      timeZone: property.timeZone,
    },
  };
}
