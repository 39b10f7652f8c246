/**
 * The housekeeping day (rooms with a departure or an arrival today). Kept under the rooms' key, so the
 * rooms' live events (a check-in or check-out changes its room) refresh it with the room cards.
 */
import { useQuery } from "@tanstack/react-query";
import type { HousekeepingDay } from "../../domain/schemas/housekeeping.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

export function useHousekeepingDay() {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.rooms(id), "housekeeping-today"],
    queryFn: () => apiFetch<HousekeepingDay>(`/api/properties/${id}/housekeeping/today`),
  });
}
