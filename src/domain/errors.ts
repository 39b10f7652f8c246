/**
 * Stable error codes shared by server and web. The server maps each code to an HTTP status in one place
 * (ERROR_STATUS); the web client turns `{error: {code, message}}` bodies back into AppError.
 */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  room_unavailable: 409,
  invalid_transition: 409,
  /** A rate restriction (stop sell, minimum stay) refuses the stay; the message names the date and rule. */
  restricted: 409,
  /** Every room of the type is taken (or blocked) on a night; the message names the date. */
  sold_out: 409,
  /** A booking engine stay's total moved since its offer (`expectedTotal`); the message gives the new one. */
  price_changed: 409,
  /** The record is still needed (a stay or block uses it); the message says by what. */
  in_use: 409,
  /** Every folio line of the stay that is not void is already on an invoice that stands. */
  nothing_to_invoice: 409,
  /** The change touches a day that is closed (its lines, payments or nights); correct it with a new line dated today. */
  day_closed: 409,
  unsupported_media_type: 415,
  /** The request named a host this server does not answer for (DNS rebinding, a misrouted proxy). */
  misdirected: 421,
  /** An `Idempotency-Key` sent again with a different request (method, path or body). */
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** The embedded database's disk is nearly full: changes are refused, reads go on (docs/operations.md). */
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const MESSAGES = {
  checkOutAfterCheckIn: "Check-out must be after check-in",
  roomNotAvailable: "Room not available for selected dates.",
  endAfterStart: "The end date must be after the start date",
  notFound: "Not found",
  unauthenticated: "Sign in required",
  forbidden: "Unauthorized",
} as const;

/** One invalid field of a rejected request: its path ("checkInDate", "lines.0.price") and what is wrong. */
export type FieldIssue = { field: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Every invalid field of a 400, so a form marks each at once; empty for other errors. */
  readonly fields: readonly FieldIssue[];

  constructor(code: ErrorCode, message: string, fields: readonly FieldIssue[] = []) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = fields;
  }
}

/** A 400 about one field: the API's message names it ("checkOutDate: …") and `fields` carries it for forms. */
export function fieldError(field: string, message: string): AppError {
  return new AppError("validation", `${field}: ${message}`, [{ field, message }]);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: FieldIssue[] } };
