import type { Role } from "../../../domain/permissions.js";
import type { Property, PropertyRecord } from "../../../domain/schemas/properties.js";
import { toIso } from "../../http/present.js";
import type { PropertyRow } from "./service.js";

export function presentPropertyRecord(row: PropertyRow): PropertyRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    code: row.code,
    currency: row.currency,
    timeZone: row.timeZone,
    guestRetentionMonths: row.guestRetentionMonths,
    pricesIncludeTax: row.pricesIncludeTax,
    legalName: row.legalName,
    address: row.address,
    taxId: row.taxId,
    invoicePrefix: row.invoicePrefix,
    cityTaxPerAdultPerNight: Number(row.cityTaxPerAdultPerNight),
    cityTaxName: row.cityTaxName,
    dayCloseTime: row.dayCloseTime,
    autoNoShow: row.autoNoShow,
    stayoverDirty: row.stayoverDirty,
    bookingEngineEnabled: row.bookingEngineEnabled,
    closedThrough: row.closedThrough,
    createdAt: toIso(row.createdAt),
  };
}

/** A property as the member asking sees it. */
export function presentProperty(row: PropertyRow, role: Role): Property {
  return { ...presentPropertyRecord(row), role };
}
