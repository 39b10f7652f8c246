/**
 * Guest profiles (docs/product.md#guests): the Guests screen's search, a profile with its stays, the booking
 * form's suggestions, and the changes (create, edit, merge, anonymize) and the data export. Every query lives
 * under the guests key, which a change to a guest or to a stay makes stale (keys.ts).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { GUESTS_PAGE } from "../../domain/constants.js";
import type {
  Guest,
  GuestCreateInput,
  GuestDetail,
  GuestListItem,
  GuestUpdateInput,
} from "../../domain/schemas/guests.js";
import { useChange } from "./changes.js";
import { apiFetch, refusal, unreachable } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

/** Profiles the booking form suggests at a time. */
export const SUGGESTIONS = 8;
/** Fewer characters than this match too many people to be worth a request. */
export const MIN_SUGGEST_CHARS = 2;

const guestsPath = (pid: string) => `/api/properties/${pid}/guests`;
const guestPath = (pid: string, guestId: string) => `${guestsPath(pid)}/${guestId}`;

/** The list URL for one page of a search; a blank search is left out. */
export function guestListPath(pid: string, q: string, page: { limit: number; before?: string }): string {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (q.trim()) query.set("q", q.trim());
  if (page.before) query.set("before", page.before);
  return `${guestsPath(pid)}?${query}`;
}

/** The Guests screen's list, newest first, a page at a time; results stay until the next search's arrive. */
export function useGuestSearch(q: string) {
  const { id } = useProperty();
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: [...keys.guests(id), "list", text],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<GuestListItem[]>(
        guestListPath(id, text, { limit: GUESTS_PAGE.default, ...(pageParam ? { before: pageParam } : {}) }),
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (page) => (page.length === GUESTS_PAGE.default ? page.at(-1)?.id : undefined),
    placeholderData: keepPreviousData,
  });
}

/**
 * Profiles matching what the clerk has typed (name, email, phone or document number), for a combobox:
 * nothing is asked below MIN_SUGGEST_CHARS. Anonymized profiles are never offered: nobody books one.
 */
export function useGuestSuggestions(q: string) {
  const { id } = useProperty();
  const text = q.trim();
  return useQuery({
    queryKey: [...keys.guests(id), "suggest", text],
    enabled: text.length >= MIN_SUGGEST_CHARS,
    queryFn: async ({ signal }) =>
      (await apiFetch<GuestListItem[]>(guestListPath(id, text, { limit: SUGGESTIONS }), { signal })).filter(
        (guest) => guest.anonymizedAt === null,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useGuest(guestId: string) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.guests(id), "detail", guestId],
    queryFn: ({ signal }) => apiFetch<GuestDetail>(guestPath(id, guestId), { signal }),
  });
}

function useGuestChange<Input, Output>(request: (pid: string, input: Input) => Promise<Output>) {
  // Every change here is a guest's event (guest.created, .updated, .merged, .anonymized).
  const change = useChange("guest");
  const { id } = useProperty();
  return useMutation({ mutationFn: (input: Input) => change(() => request(id, input)) });
}

export const useCreateGuest = () =>
  useGuestChange<GuestCreateInput, Guest>((pid, input) =>
    apiFetch(guestsPath(pid), { method: "POST", body: input }),
  );

export const useUpdateGuest = () =>
  useGuestChange<{ id: string; input: GuestUpdateInput }, Guest>((pid, { id, input }) =>
    apiFetch(guestPath(pid, id), { method: "PATCH", body: input }),
  );

/** Moves `sourceId`'s stays to `targetId` and deletes `sourceId`; answers the target with its stays. */
export const useMergeGuest = () =>
  useGuestChange<{ targetId: string; sourceId: string }, GuestDetail>((pid, { targetId, sourceId }) =>
    apiFetch(`${guestPath(pid, targetId)}/merge`, { method: "POST", body: { sourceId } }),
  );

export const useAnonymizeGuest = () =>
  useGuestChange<string, Guest>((pid, guestId) =>
    // An empty JSON body: the route declares one (nothing in it), so a request without any is refused (415).
    apiFetch(`${guestPath(pid, guestId)}/anonymize`, { method: "POST", body: {} }),
  );

/**
 * Downloads everything held about a guest (`GET …/export`) as a JSON file, named as the server names it.
 * Fetched rather than linked so a refusal is shown as a notice instead of being saved as the file.
 */
export async function downloadGuestExport(pid: string, guestId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${guestPath(pid, guestId)}/export`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => undefined));
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: "application/json" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName(response.headers.get("content-disposition")) ?? `guest-${guestId}.json`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download by now.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** The file name a `content-disposition` header gives (`filename*=UTF-8''…` first), if any. */
export function fileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}
