/** The numbers the product fixes (docs/product.md#defaults-and-constants). */
export const FRONT_DESK_DAYS = 15;
export const DEFAULT_CURRENCY = "INR";
export const DEFAULT_TIME_ZONE = "Asia/Kolkata";
export const DEFAULT_PROPERTY_NAME = "Default Property";
export const PROPERTY_CODE_PREFIX = "PROP-";

/** The money defaults here are INR amounts; forms use moneyDefaults (currency-defaults.ts) for others. */
export const ROOM_TYPE_DEFAULTS = { capacity: 2, baseRate: 1500 } as const;
/**
 * Fallbacks used when a numeric form field is left empty (docs/product.md#room-types-and-rooms). A rate
 * override's price has none: blank means "no price change" (docs/product.md#pricing-and-rate-overrides), so a
 * restriction-only override never makes a night free.
 */
export const NUMBER_FALLBACKS = { capacity: 1, baseRate: 0, floor: 1, minLOS: 1 } as const;
export const ROOM_DEFAULTS = { floor: 1 } as const;
export const RESERVATION_DEFAULTS = { adults: 2, children: 0, nights: 1 } as const;
export const RATE_OVERRIDE_DEFAULTS = { price: 2000, minLOS: 1, stopSell: false } as const;
export const RESERVATION_CODE_PREFIX = "RES-";
export const RESERVATION_CODE_LENGTH = 5;
export const REPORT_DEFAULT_DAYS = 7;

/** Upper bounds that keep hostile input from costing us; far above any real hotel. */
export const LIMITS = {
  text: 200,
  roomNumber: 20,
  /** Most rooms one "Add rooms" request creates. */
  bulkRooms: 100,
  maxRate: 100_000_000,
  maxCapacity: 1000,
  maxFloor: 1000,
  maxGuests: 100,
  maxStayNights: 365,
  maxGridDays: 62,
  maxReportDays: 3660,
  /** Longest bulk rate edit: a year of dates, with its leap day. */
  maxBulkDays: 366,
  /** The last date any input may name: far beyond any booking, and no range can run on from it. */
  latestDate: "2099-12-31",
  /** Largest page of `GET …/reservations?limit=` (docs/product.md#paging). */
  maxPageSize: 200,
  /** Longest reservation search (`q`). */
  search: 100,
  /** A guest profile's notes. */
  notes: 2000,
  /** Tags on one guest profile, and the longest tag. */
  guestTags: 20,
  tag: 40,
  /** Longest guest retention: a hundred years. */
  maxRetentionMonths: 1200,
  /** Most units on one folio line (breakfast × 2), and the longest invoice number prefix. */
  maxQuantity: 1000,
  invoicePrefix: 20,
  /** Room types one rate plan may name (a plan for every type names none: [] sells all). */
  maxRatePlanRoomTypes: 200,
  /** Rate plans one property may have. */
  maxRatePlans: 50,
} as const;

/** Activity entries per page: the default and the largest `limit`. */
export const ACTIVITY_PAGE = { default: 50, max: 200 } as const;

/** Reservations the Reservations screen loads at a time ("Load more" fetches the next page). */
export const RESERVATIONS_PAGE_SIZE = 100;

/** Tables whose changes are pushed live (docs/product.md#live-updates). */
export const LIVE_TABLES = [
  "properties",
  "room_types",
  "rooms",
  "reservations",
  "guests",
  "rate_overrides",
  "property_members",
  "invitations",
  "activity",
  "room_blocks",
  "payments",
  "tax_rates",
  "products",
  "rate_plans",
  "folio_charges",
  "invoices",
  "day_closes",
  "api_tokens",
  "webhooks",
] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

export const RESERVATION_STATUSES = ["booked", "checked_in", "checked_out", "cancelled", "no_show"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Who booked a stay (the database's `reservations_source_check` holds the same list: a test compares them). */
export const STAY_SOURCES = ["front_desk", "booking_engine", "api"] as const;
export type StaySource = (typeof STAY_SOURCES)[number];

/**
 * The plan every property has and a stay is sold on unless another is named (docs/product.md#rate-plans);
 * the database creates it with each property (migration 0026: a test compares its values with these).
 */
export const STANDARD_RATE_PLAN = {
  name: "Standard",
  adjustmentPercent: 0,
  perAdultPerNight: 0,
  cancellationDays: 2,
  depositPercent: 0,
  public: true,
} as const;

export const HK_STATUSES = ["dirty", "in_progress", "clean", "inspected"] as const;
export type HkStatus = (typeof HK_STATUSES)[number];

export const ROOM_STATUSES = ["vacant", "occupied"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/**
 * Statuses whose stays hold their room and their room type's inventory. The database keeps copies (the
 * exclusion constraint `reservations_no_overlap`, the function `innkeep_holds_room`); a test compares them.
 */
export const ROOM_HOLDING_STATUSES: readonly ReservationStatus[] = ["booked", "checked_in"];
/**
 * Statuses whose nights were sold: they count in reports and appear on the front desk grid (database copy:
 * `innkeep_is_sold`).
 */
export const SOLD_STATUSES: readonly ReservationStatus[] = ["booked", "checked_in", "checked_out"];

/** Identity documents a guest profile records (docs/product.md#guests). */
export const DOCUMENT_TYPES = ["passport", "id_card", "driving_licence", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** A guest's language until one is chosen (BCP 47); a property's own language arrives with the languages. */
export const DEFAULT_GUEST_LANGUAGE = "en";
/** What an anonymized guest is called everywhere their name was (docs/product.md#guests). */
export const ANONYMIZED_GUEST_NAME = "Anonymized guest";
/** Guests the Guests screen loads at a time, and the largest `limit` of `GET …/guests`. */
export const GUESTS_PAGE = { default: 50, max: 200 } as const;

export const PAYMENT_METHODS = ["cash", "card", "bank_transfer", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Money in (a payment) or back to the guest (a refund: entered positive, counts negative). */
export const PAYMENT_KINDS = ["payment", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A folio's lines (docs/product.md#folio-taxes-and-invoices): a night of the stay, its city tax, and what the
 * desk posts: an `extra` (a product or any positive charge) or an `adjustment` (a negative correction).
 */
export const FOLIO_LINE_KINDS = ["room", "city_tax", "extra", "adjustment"] as const;
export type FolioLineKind = (typeof FOLIO_LINE_KINDS)[number];

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** An issued invoice is `credited` once a credit note negates it; a credit note stays `issued`. */
export const INVOICE_STATUSES = ["issued", "credited"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Prefix of credit note numbers (their own gapless series beside the property's invoice prefix). */
export const CREDIT_NOTE_PREFIX = "CN-";
export const DEFAULT_INVOICE_PREFIX = "INV-";
/** Invoices the register loads at a time, and the largest `limit`. */
export const INVOICES_PAGE = { default: 100, max: 500 } as const;

/** The response header that carries a list's number of matches when `total=true` is asked for. */
export const TOTAL_COUNT_HEADER = "x-total-count";

/**
 * The app page's meta element naming its first property's latest event when it was served,
 * `<property id> <event number>` (decision 023): the app's live stream of that property starts after it.
 */
export const EVENTS_AFTER_META = "innkeep-events-after";
