/**
 * Quotes before a stay is saved (`GET …/quote`, `GET …/quote/rooms`): what it would cost, whether the save
 * would be refused, and which rooms are free for its dates. Keyed by their inputs, so an answer for dates the
 * clerk has since changed is never shown (and its request is given up); under the availability key, so a stay or block saved meanwhile (here
 * or live) asks again.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Quote, QuoteQuery, RoomVacancy, RoomVacancyQuery } from "../../domain/schemas/quotes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

/** A query string of the fields that are set. */
function searchOf(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  return params.toString();
}

export const fetchQuote = (pid: string, query: QuoteQuery, signal?: AbortSignal): Promise<Quote> =>
  apiFetch<Quote>(`/api/properties/${pid}/quote?${searchOf(query)}`, signal ? { signal } : {});

/** The quote a form shows as the clerk types; `null` asks nothing (the inputs cannot be priced yet). */
export function useFormQuote(query: QuoteQuery | null) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.availability(id), "quote", query],
    enabled: query !== null,
    // A refusal is an answer, not a failure to retry.
    retry: false,
    // The signal gives up the request for inputs the clerk has since changed.
    queryFn: ({ signal }) => fetchQuote(id, query as QuoteQuery, signal),
  });
}

/** Which rooms are free for the dates; the last answer stays while the next dates are asked about. */
export function useRoomVacancy(query: RoomVacancyQuery | null) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.availability(id), "vacancy", query],
    enabled: query !== null,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<RoomVacancy>(`/api/properties/${id}/quote/rooms?${searchOf(query as RoomVacancyQuery)}`, {
        signal,
      }),
  });
}
