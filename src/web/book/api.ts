/**
 * The public booking API (src/server/modules, under /api/public) as the booking page calls it: a plain
 * `fetch` per request, no client library, so the page stays within its budget (decision 043). Every failure
 * becomes a BookingApiError with the server's error code, as the staff app's client does with AppError
 * (src/web/api/client.ts), so the page branches on `error.code`: `not_found` is the engine switched off (or
 * an unknown code or token), `price_changed` a total that moved since the offer.
 */
import type { ErrorCode, FieldIssue } from "../../domain/errors.js";
import type { Language } from "../../domain/languages.js";

/**
 * The codes the page handles. The code is kept as the server sent it, not checked against the domain's
 * list, so a code added to the API (`price_changed`) reaches the page without a change here.
 */
export type BookingErrorCode = ErrorCode | "price_changed" | (string & {});

export class BookingApiError extends Error {
  readonly code: BookingErrorCode;
  readonly fields: readonly FieldIssue[];

  constructor(code: BookingErrorCode, message: string, fields: readonly FieldIssue[] = []) {
    super(message);
    this.name = "BookingApiError";
    this.code = code;
    this.fields = fields;
  }
}

/** The code of any failure: a request's, else `internal` (a bug of the page's own). */
export function errorCode(error: unknown): BookingErrorCode {
  return error instanceof BookingApiError ? error.code : "internal";
}

export type PublicProperty = {
  name: string;
  currency: string;
  timeZone: string;
  roomTypes: { id: string; name: string; capacity: number }[];
};

export type RatePlanOffer = {
  ratePlanId: string;
  name: string;
  total: number;
  nights: { date: string; price: number }[];
  /** Free cancellation until this many days before arrival; null when the plan is non-refundable. */
  cancellationDays: number | null;
  depositDue: number;
};

export type RoomOffer = {
  roomTypeId: string;
  roomTypeName: string;
  capacity: number;
  plans: RatePlanOffer[];
};

export type StaySearch = { checkIn: string; checkOut: string; adults: number; children: number };

export type GuestDetails = { name: string; email: string; phone: string; country: string };

export type BookingRequest = StaySearch & {
  roomTypeId: string;
  ratePlanId: string;
  expectedTotal: number;
  guest: GuestDetails;
  /** The language the guest booked in: their profile keeps it, and their emails are written in it. */
  language: Language;
};

export type BookingCreated = { code: string; manageToken: string; total: number };

export type BookingStatus = "booked" | "checked_in" | "checked_out" | "cancelled" | "no_show";

export type PublicBooking = StaySearch & {
  code: string;
  status: BookingStatus;
  roomTypeName: string;
  ratePlanName: string;
  total: number;
  cancellable: boolean;
  /** Not in the answer today; when the server adds the hotel's currency, the total is shown in it. */
  currency?: string;
};

const segment = encodeURIComponent;

export function loadProperty(code: string): Promise<PublicProperty> {
  return request(`/api/public/properties/${segment(code)}`);
}

export function loadOffers(code: string, search: StaySearch): Promise<RoomOffer[]> {
  const query = new URLSearchParams({
    checkIn: search.checkIn,
    checkOut: search.checkOut,
    adults: String(search.adults),
    children: String(search.children),
  });
  return request(`/api/public/properties/${segment(code)}/offers?${query}`);
}

/** `idempotencyKey` names the attempt: the same key with the same body is the same booking, never a second. */
export function createBooking(
  code: string,
  booking: BookingRequest,
  idempotencyKey: string,
): Promise<BookingCreated> {
  return request(`/api/public/properties/${segment(code)}/bookings`, {
    method: "POST",
    body: booking,
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function loadBooking(token: string): Promise<PublicBooking> {
  return request(`/api/public/bookings/${segment(token)}`);
}

export function cancelBooking(token: string): Promise<unknown> {
  return request(`/api/public/bookings/${segment(token)}/cancel`, { method: "POST" });
}

type RequestOptions = { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> };

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  // The server refuses a POST that is not JSON (415), even one without a body (the cancel).
  if (options.method === "POST") headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers,
      ...(options.method === "POST" ? { body: JSON.stringify(options.body ?? {}) } : {}),
    });
  } catch {
    // fetch rejects only when no answer came: the guest's connection, not the request, failed.
    throw new BookingApiError("unavailable", "No connection");
  }
  const text = await response.text();
  const data = parsed(text);
  if (response.ok) return data as T;
  const error = (data as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  const code =
    typeof error?.code === "string"
      ? error.code
      : response.status === 404
        ? "not_found"
        : response.status >= 500
          ? "internal"
          : "validation";
  const message = typeof error?.message === "string" ? error.message : `Request failed (${response.status})`;
  throw new BookingApiError(code, message, fieldIssues(error?.fields));
}

function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the status alone says what happened.
    return null;
  }
}

function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is FieldIssue => typeof item?.field === "string" && typeof item?.message === "string",
  );
}
