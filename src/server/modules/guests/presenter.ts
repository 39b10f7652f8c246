import type { DocumentType } from "../../../domain/constants.js";
import type { Guest } from "../../../domain/schemas/guests.js";
import { toIso } from "../../http/present.js";
import type { GuestRow } from "../reservations/index.js";

export type { GuestRow };

export function presentGuest(row: GuestRow): Guest {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language,
    country: row.country,
    dateOfBirth: row.dateOfBirth,
    // The check constraint guarantees one of the document types.
    documentType: row.documentType as DocumentType | null,
    documentNumber: row.documentNumber,
    address: row.address,
    taxId: row.taxId,
    notes: row.notes,
    tags: row.tags,
    marketingConsent: row.marketingConsent,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    anonymizedAt: row.anonymizedAt === null ? null : toIso(row.anonymizedAt),
  };
}

/** The fields a profile's activity entries record; the profile is named by `name`. */
export const LOGGED_GUEST_FIELDS = [
  "name",
  "email",
  "phone",
  "language",
  "country",
  "dateOfBirth",
  "documentType",
  "documentNumber",
  "address",
  "taxId",
  "notes",
  "tags",
  "marketingConsent",
] as const satisfies readonly (keyof Guest)[];
