/**
 * Day close (src/server/modules/day-close/routes.ts): the closed days with the report each close stored,
 * closing the next day, and which day is next. The closed days sit under their table's key, so the live feed refreshes them on any close,
 * the automatic one included.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { addDays } from "../../domain/dates.js";
import type { DayReport, NextDayClose } from "../../domain/schemas/day-closes.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty, usePropertyToday } from "./property.js";

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
  const queryClient = useQueryClient();
  const { id, timeZone } = useProperty();
  const today = usePropertyToday();
  return useMutation({
    mutationFn: (date: string) =>
      change(() => apiFetch<DayReport>(path(id), { method: "POST", body: { date } })),
    // The next day is the one after it (the server's rule); set at once, so the screen never offers the
    // closed day again while the refresh is under way.
    onSuccess: (report) => {
      const date = addDays(report.date, 1);
      queryClient.setQueryData<NextDayClose>(nextKey(id, timeZone, today), { date, due: date < today });
    },
  });
}

const nextKey = (id: string, timeZone: string, today: string) => [
  ...keys.dayCloses(id),
  "next",
  timeZone,
  today,
];

/**
 * The day a close may close next and whether it is due, as the server works it out (before the first close,
 * the earlier of the day the property was made and its earliest arrival). Under the closed days' key: a
 * close, whoever makes it, refreshes it (the answer shown meanwhile); and asked again when the property's
 * today or time zone changes, and with it whether the day is due.
 */
export function useNextDayClose() {
  const { id, timeZone } = useProperty();
  const today = usePropertyToday();
  return useQuery({
    queryKey: nextKey(id, timeZone, today),
    queryFn: () => apiFetch<NextDayClose>(`${path(id)}/next`),
  });
}
