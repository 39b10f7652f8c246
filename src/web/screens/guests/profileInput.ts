/**
 * A guest profile's form values (docs/product.md#guests), kept as typed, and what the API takes from them:
 * `profileInput` for a create, `changedProfile` for the fields an edit changed (a PATCH sends only those).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { DocumentType } from "../../../domain/constants.js";
import { AppError } from "../../../domain/errors.js";
import type { Guest, GuestCreateInput } from "../../../domain/schemas/guests.js";

export type GuestFieldValues = {
  name: string;
  email: string;
  phone: string;
  language: string;
  country: string;
  dateOfBirth: string;
  documentType: string;
  documentNumber: string;
  address: string;
  taxId: string;
  notes: string;
  /** Comma-separated, as typed. */
  tags: string;
  marketingConsent: boolean;
};

/** The fields by the API's names, with their labels: a refusal names them as the form does. */
export const GUEST_FIELD_LABELS = {
  name: msg`Name`,
  email: msg`Email`,
  phone: msg`Phone`,
  language: msg`Language`,
  country: msg`Country`,
  dateOfBirth: msg`Date of birth`,
  documentType: msg`Document type`,
  documentNumber: msg`Document number`,
  address: msg`Address`,
  taxId: msg`Tax ID`,
  notes: msg`Notes`,
  tags: msg`Tags`,
  marketingConsent: msg`Agrees to marketing emails`,
} as const satisfies Record<keyof GuestFieldValues, MessageDescriptor>;

export type GuestFieldLabels = Readonly<Record<keyof GuestFieldValues, string>>;

/** The fields' labels in the language shown. */
export function useGuestFieldLabels(): GuestFieldLabels {
  const { t } = useLingui();
  return Object.fromEntries(
    Object.entries(GUEST_FIELD_LABELS).map(([field, label]) => [field, t(label)]),
  ) as GuestFieldLabels;
}

export const EMPTY_GUEST_FIELDS: GuestFieldValues = {
  name: "",
  email: "",
  phone: "",
  language: "",
  country: "",
  dateOfBirth: "",
  documentType: "",
  documentNumber: "",
  address: "",
  taxId: "",
  notes: "",
  tags: "",
  marketingConsent: false,
};

export function guestFieldValues(guest: Guest): GuestFieldValues {
  return {
    name: guest.name,
    email: guest.email,
    phone: guest.phone,
    language: guest.language,
    country: guest.country,
    dateOfBirth: guest.dateOfBirth ?? "",
    documentType: guest.documentType ?? "",
    documentNumber: guest.documentNumber,
    address: guest.address,
    taxId: guest.taxId,
    notes: guest.notes,
    tags: guest.tags.join(", "),
    marketingConsent: guest.marketingConsent,
  };
}

/** What the API takes: blank dates and document types are "none"; tags split at commas, blanks dropped. */
export function profileInput(values: GuestFieldValues): GuestCreateInput {
  const input: GuestCreateInput = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    country: values.country,
    dateOfBirth: values.dateOfBirth || null,
    documentType: (values.documentType || null) as DocumentType | null,
    documentNumber: values.documentNumber.trim(),
    address: values.address.trim(),
    taxId: values.taxId.trim(),
    notes: values.notes.trim(),
    tags: values.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    marketingConsent: values.marketingConsent,
  };
  // Left blank on a new profile, the server gives the hotel's default language.
  if (values.language) input.language = values.language;
  return input;
}

/** The fields of `edited` that differ from `record` (tags compared as lists). */
export function changedProfile(
  record: GuestCreateInput,
  edited: GuestCreateInput,
): Partial<GuestCreateInput> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (JSON.stringify(value) !== JSON.stringify(record[key as keyof GuestCreateInput])) changes[key] = value;
  }
  return changes as Partial<GuestCreateInput>;
}

/** A refusal with each field named as the form names it: a tag's problem ("tags.2") is the Tags field's. */
export function byFormField(error: unknown): unknown {
  if (!(error instanceof AppError) || error.fields.length === 0) return error;
  const fields = error.fields.map((issue) => ({ ...issue, field: issue.field.split(".")[0] ?? issue.field }));
  return new AppError(error.code, error.message, fields);
}
