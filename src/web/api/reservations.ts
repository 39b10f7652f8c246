/**
 * Searching the reservations list (docs/product.md#search-and-filters): `q` matches code, guest name, phone
 * or email, `status` is comma-separated, and the keyset cursor (`before`) pages through the filtered list.
 * Every query lives under the reservations key, so the live feed and mutations refresh filtered lists too.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  LIMITS,
  RESERVATION_STATUSES,
  RESERVATIONS_PAGE_SIZE,
  type ReservationStatus,
} from "../../domain/constants.js";
import type { Reservation } from "../../domain/schemas/reservations.js";
import { apiFetch, apiFetchWithTotal } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

/**
 * The list's date filters (docs/product.md#search-and-filters): stays arriving, departing or in house on a
 * date.
 */
export type DateFilter = "arrivingOn" | "departingOn" | "inHouseOn";

export type ReservationFilters = {
  q: string;
  statuses: readonly ReservationStatus[];
  on?: { filter: DateFilter; date: string };
};

export const NO_FILTERS: ReservationFilters = { q: "", statuses: [] };

export function hasFilters(filters: ReservationFilters): boolean {
  return filters.q.trim() !== "" || filters.statuses.length > 0;
}

/** The known statuses of a comma-separated `status` value, in the domain's order, without repeats. */
export function parseStatuses(value: string | null): ReservationStatus[] {
  const wanted = new Set((value ?? "").split(",").map((part) => part.trim()));
  return RESERVATION_STATUSES.filter((status) => wanted.has(status));
}

/** The filters as query parameters; empty ones are left out. */
function setFilters(query: URLSearchParams, filters: ReservationFilters): URLSearchParams {
  const q = filters.q.trim();
  if (q) query.set("q", q);
  if (filters.statuses.length > 0) query.set("status", filters.statuses.join(","));
  if (filters.on) query.set(filters.on.filter, filters.on.date);
  return query;
}

/** The list URL for one page; empty filters are left out, so an unfiltered list is the plain one. */
export function reservationListPath(
  pid: string,
  filters: ReservationFilters,
  page: { limit: number; before?: string | undefined },
): string {
  const query = setFilters(new URLSearchParams({ limit: String(page.limit) }), filters);
  if (page.before) query.set("before", page.before);
  return `/api/properties/${pid}/reservations?${query}`;
}

/**
 * The CSV export of every reservation the list's filters match (docs/product.md#csv-exports), not just the
 * pages shown.
 */
export function reservationsCsvPath(pid: string, filters: ReservationFilters): string {
  const query = setFilters(new URLSearchParams(), filters).toString();
  return `/api/properties/${pid}/exports/reservations.csv${query ? `?${query}` : ""}`;
}

/**
 * Newest first, a page at a time, narrowed by `filters`. While a new search loads, the previous results stay
 * on screen (`isPlaceholderData` says they are the old ones).
 */
export function useReservationSearch(filters: ReservationFilters) {
  const { id } = useProperty();
  const q = filters.q.trim();
  const status = filters.statuses.join(",");
  return useInfiniteQuery({
    queryKey: [...keys.reservations(id), "list", { q, status }],
    queryFn: ({ pageParam }) =>
      apiFetch<Reservation[]>(
        reservationListPath(id, filters, { limit: RESERVATIONS_PAGE_SIZE, before: pageParam }),
      ),
    initialPageParam: "",
    getNextPageParam: (page) => (page.length === RESERVATIONS_PAGE_SIZE ? page.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Whether the property has any reservation at all (one row is enough to know). */
export function useHasReservations(enabled = true) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.reservations(id), "any"],
    queryFn: async () =>
      (await apiFetch<Reservation[]>(reservationListPath(id, NO_FILTERS, { limit: 1 }))).length > 0,
    enabled,
  });
}

/** Stays on a date for the Front Desk's board: how many in all, and the first page (the API's largest). */
export function useStaysOn(
  filter: DateFilter,
  date: string,
  statuses: readonly ReservationStatus[],
  enabled = true,
) {
  const { id } = useProperty();
  return useQuery({
    enabled,
    queryKey: [...keys.reservations(id), "on", filter, date, statuses.join(",")],
    queryFn: () =>
      apiFetchWithTotal<Reservation>(
        `${reservationListPath(id, { q: "", statuses, on: { filter, date } }, { limit: LIMITS.maxPageSize })}&total=true`,
      ),
  });
}
