/**
 * Day close (src/server/modules/day-close/routes.ts): the closed days with the report each close stored,
 * closing the next day, and the one read the Reports screen needs to tell whether a day is due before the
 * first close. The closed days sit under their table's key, so the live feed refreshes them on any close,
 * the automatic one included.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { DayReport } from "../../domain/schemas/day-closes.js";
import type { Reservation } from "../../domain/schemas/reservations.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";
import { NO_FILTERS, reservationListPath } from "./reservations.js";

const path = (pid: string) => `/api/properties/${pid}/day-closes`;

/** Every closed day the server lists (its newest 400), newest first. */
export function useDayCloses() {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.dayCloses(id), "list"],
    queryFn: () => apiFetch<DayReport[]>(path(id)),
  });
}

/**
 * Closes `date` and answers its report. Made as a change of a `day_close`, which refreshes what a close
 * changes besides the list: the stays it made no-shows, the rooms it turned dirty and the property's
 * `closedThrough` (src/domain/events.ts).
 */
export function useCloseDay() {
  const change = useChange("day_close");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (date: string) =>
      change(() => apiFetch<DayReport>(path(id), { method: "POST", body: { date } })),
  });
}

/**
 * Whether any stay arrives on `date`. Before its first close a property's first day is the earlier of the
 * day it was made and its earliest arrival (src/server/modules/day-close/service.ts `firstDay`), and the
 * property record says only the first; asked only on the property's first day, for yesterday.
 */
export function useArrivalsOn(date: string, enabled: boolean) {
  const { id } = useProperty();
  return useQuery({
    enabled,
    // Under the reservations key: a stay booked or moved meanwhile refreshes it.
    queryKey: [...keys.reservations(id), "arriving-any", date],
    queryFn: async () =>
      (
        await apiFetch<Reservation[]>(
          reservationListPath(id, { ...NO_FILTERS, on: { filter: "arrivingOn", date } }, { limit: 1 }),
        )
      ).length > 0,
  });
}
