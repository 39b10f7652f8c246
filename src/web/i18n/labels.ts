/**
 * The product's codes in words, in the language shown (docs/decisions/047-languages.md). English is the one
 * definition in `src/domain/labels.ts` (the server's exports and PDFs use it too); these descriptors carry the
 * same English for the catalogs to translate, and `labels.test.ts` fails when the two differ.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type {
  DocumentType,
  HkStatus,
  InvoiceKind,
  InvoiceStatus,
  PaymentKind,
  PaymentMethod,
  ReservationStatus,
  RoomStatus,
} from "../../domain/constants.js";
import type { Role } from "../../domain/permissions.js";
import type { EmailKind, EmailStatus } from "../../domain/schemas/emails.js";

type Words<Code extends string> = Readonly<Record<Code, MessageDescriptor>>;

export const RESERVATION_STATUS_WORDS: Words<ReservationStatus> = {
  booked: msg`booked`,
  checked_in: msg`checked in`,
  checked_out: msg`checked out`,
  cancelled: msg`cancelled`,
  no_show: msg`no-show`,
};

export const HK_STATUS_WORDS: Words<HkStatus> = {
  dirty: msg`dirty`,
  in_progress: msg`in progress`,
  clean: msg`clean`,
  inspected: msg`inspected`,
};

export const ROOM_STATUS_WORDS: Words<RoomStatus> = {
  vacant: msg`vacant`,
  occupied: msg`occupied`,
};

export const PAYMENT_METHOD_WORDS: Words<PaymentMethod> = {
  cash: msg`cash`,
  card: msg`card`,
  bank_transfer: msg`bank transfer`,
  other: msg`other`,
};

/** A payment's kind: the log shows it as its code reads in English (src/domain/constants.ts). */
export const PAYMENT_KIND_WORDS: Words<PaymentKind> = {
  payment: msg`payment`,
  refund: msg`refund`,
};

export const INVOICE_KIND_WORDS: Words<InvoiceKind> = {
  invoice: msg`Invoice`,
  credit_note: msg`Credit note`,
};

export const INVOICE_STATUS_WORDS: Words<InvoiceStatus> = {
  issued: msg`Issued`,
  credited: msg`Credited`,
};

export const EMAIL_STATUS_WORDS: Words<EmailStatus> = {
  queued: msg`waiting to send`,
  sent: msg`sent`,
  failed: msg`failed`,
  kept: msg`kept (no mail server)`,
};

export const EMAIL_KIND_WORDS: Words<EmailKind> = {
  booking_confirmation: msg`booking confirmation`,
  cancellation: msg`cancellation`,
  invoice: msg`invoice`,
};

export const DOCUMENT_TYPE_WORDS: Words<DocumentType> = {
  passport: msg`passport`,
  id_card: msg`ID card`,
  driving_licence: msg`driving licence`,
  other: msg`other document`,
};

/** A member's role; its English is `ROLE_LABELS` (src/domain/permissions.ts). */
export const ROLE_WORDS: Words<Role> = {
  owner: msg`Owner`,
  manager: msg`Manager`,
  front_desk: msg`Front desk`,
  housekeeping: msg`Housekeeping`,
};

/** How a guest profile with neither name, email nor phone is named (`guestDisplayName`). */
export const GUEST_WITHOUT_A_NAME = msg`Guest without a name`;
