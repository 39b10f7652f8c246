/**
 * The manager tools' reads and writes beyond plain create/edit/delete
 * (docs/product.md#pricing-and-rate-overrides, docs/product.md#reports-and-occupancy): the rate calendar's
 * window of overrides, bulk rate edits, the daily occupancy series and the occupancy CSV link. Every query
 * sits under its table's key, so the live feed and mutations refresh it like the rest.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { RateBulkInput, RateOverride } from "../../domain/schemas/rate-overrides.js";
import type { OccupancyDay } from "../../domain/schemas/reports.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

const base = (pid: string) => `/api/properties/${pid}`;

/** The overrides of the dates [from, to); the previous window stays on screen while the next one loads. */
export function useRateOverrideWindow(from: string, to: string) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.rateOverrides(id), "window", from, to],
    queryFn: () => apiFetch<RateOverride[]>(`${base(id)}/rate-overrides?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
  });
}

/** One request, one transaction on the server; answers how many overrides it saved. */
export function useBulkRateEdit() {
  const change = useChange("rate_override");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (input: RateBulkInput) =>
      change(() =>
        apiFetch<{ saved: number }>(`${base(id)}/rate-overrides/bulk`, { method: "POST", body: input }),
      ),
  });
}

/** One entry per date of [from, to); `enabled` false while the window is not a valid one. */
export function useOccupancyDaily(from: string, to: string, enabled: boolean) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.reports(id), "daily", from, to],
    queryFn: () => apiFetch<OccupancyDay[]>(`${base(id)}/reports/occupancy/daily?from=${from}&to=${to}`),
    enabled,
    retry: false,
  });
}

export function occupancyCsvPath(pid: string, from: string, to: string): string {
  return `${base(pid)}/exports/occupancy.csv?${new URLSearchParams({ from, to })}`;
}
