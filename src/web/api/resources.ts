/** Query and mutation hooks for the property's resources; every screen reads server state through these. */
import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { API_PATHS } from "../../domain/api-paths.js";
import { expandAvailability } from "../../domain/availability-compact.js";
import type { CompactAvailability } from "../../domain/schemas/availability.js";
import type { Product, ProductCreateInput, ProductUpdateInput } from "../../domain/schemas/products.js";
import type { AdminProperty } from "../../domain/schemas/properties.js";
import type {
  RateOverride,
  RateOverrideCreateInput,
  RateOverrideUpdateInput,
} from "../../domain/schemas/rate-overrides.js";
import type { RatePlan, RatePlanCreateInput, RatePlanUpdateInput } from "../../domain/schemas/rate-plans.js";
import type { OccupancyReport } from "../../domain/schemas/reports.js";
import type {
  Reservation,
  ReservationCreateInput,
  ReservationUpdateInput,
} from "../../domain/schemas/reservations.js";
import type { RoomType, RoomTypeCreateInput, RoomTypeUpdateInput } from "../../domain/schemas/room-types.js";
import type {
  Room,
  RoomBulkCreateInput,
  RoomCreateInput,
  RoomPatchInput,
} from "../../domain/schemas/rooms.js";
import type { TaxRate, TaxRateCreateInput, TaxRateUpdateInput } from "../../domain/schemas/tax-rates.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { FRESH_MS, keys } from "./keys.js";
import { useProperty } from "./property.js";

function base(pid: string): string {
  return `/api/properties/${pid}`;
}

// A change settles once the screen shows it, through its own live event or, without one, its answer
// (decision 017); it names the kind of record its event will be about.
function useCreate<Input, Output>(entityType: string, path: string) {
  const change = useChange(entityType);
  const { id } = useProperty();
  return useMutation({
    mutationFn: (input: Input) =>
      change(() => apiFetch<Output>(`${base(id)}/${path}`, { method: "POST", body: input })),
  });
}

function useUpdate<Input, Output>(entityType: string, path: string) {
  const change = useChange(entityType);
  const { id } = useProperty();
  return useMutation({
    mutationFn: ({ id: resourceId, input }: { id: string; input: Input }) =>
      change(() => apiFetch<Output>(`${base(id)}/${path}/${resourceId}`, { method: "PATCH", body: input })),
  });
}

/** DELETE of one record; a refusal (409 `in_use`) arrives as the error, with the server's message. */
function useRemove(entityType: string, path: string) {
  const change = useChange(entityType);
  const { id } = useProperty();
  return useMutation({
    mutationFn: (resourceId: string) =>
      change(() => apiFetch<void>(`${base(id)}/${path}/${resourceId}`, { method: "DELETE" })),
  });
}

export function useRoomTypes() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.roomTypes(id),
    queryFn: () => apiFetch<RoomType[]>(`${base(id)}/room-types`),
  });
}
export const useCreateRoomType = () => useCreate<RoomTypeCreateInput, RoomType>("room_type", "room-types");
export const useUpdateRoomType = () => useUpdate<RoomTypeUpdateInput, RoomType>("room_type", "room-types");
export const useDeleteRoomType = () => useRemove("room_type", "room-types");

/**
 * The property's tax rates (every role that works with stays reads them; owners and managers write them). A
 * rate still named by a room type, product or charge is not deleted (409 `in_use`).
 */
export function useTaxRates({ enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.taxRates(id),
    queryFn: () => apiFetch<TaxRate[]>(`${base(id)}/tax-rates`),
    enabled,
  });
}
export const useCreateTaxRate = () => useCreate<TaxRateCreateInput, TaxRate>("tax_rate", "tax-rates");
export const useUpdateTaxRate = () => useUpdate<TaxRateUpdateInput, TaxRate>("tax_rate", "tax-rates");
export const useDeleteTaxRate = () => useRemove("tax_rate", "tax-rates");

/** What the desk sells besides the nights (breakfast, parking), at a price and tax rate. */
export function useProducts() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.products(id),
    queryFn: () => apiFetch<Product[]>(`${base(id)}/products`),
  });
}
export const useCreateProduct = () => useCreate<ProductCreateInput, Product>("product", "products");
export const useUpdateProduct = () => useUpdate<ProductUpdateInput, Product>("product", "products");
export const useDeleteProduct = () => useRemove("product", "products");

/**
 * The plans stays are sold on, the Standard plan first (the front desk reads them to book; owners and
 * managers write them). A plan stays were sold on, and the Standard plan, are not deleted (409 `in_use`).
 */
export function useRatePlans() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.ratePlans(id),
    queryFn: () => apiFetch<RatePlan[]>(`${base(id)}/rate-plans`),
  });
}
export const useCreateRatePlan = () => useCreate<RatePlanCreateInput, RatePlan>("rate_plan", "rate-plans");
export const useUpdateRatePlan = () => useUpdate<RatePlanUpdateInput, RatePlan>("rate_plan", "rate-plans");
export const useDeleteRatePlan = () => useRemove("rate_plan", "rate-plans");

export function useRooms({ enabled = true }: { enabled?: boolean } = {}) {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.rooms(id),
    queryFn: () => apiFetch<Room[]>(`${base(id)}/rooms`),
    enabled,
  });
}
export const useCreateRoom = () => useCreate<RoomCreateInput, Room>("room", "rooms");
/** "Add rooms": every number or none (409 names the numbers the property already has). */
export const useCreateRooms = () => useCreate<RoomBulkCreateInput, Room[]>("room", "rooms/bulk");
/** Housekeeping's status change (every role). */
export const useUpdateRoom = () =>
  useUpdate<Required<Pick<RoomPatchInput, "hkStatus">>, Room>("room", "rooms");
/** An inventory edit of a room: number, type, floor (the "manage" permission). */
export const useEditRoom = () => useUpdate<RoomPatchInput, Room>("room", "rooms");
export const useDeleteRoom = () => useRemove("room", "rooms");

export const useCreateReservation = () =>
  useCreate<ReservationCreateInput, Reservation>("reservation", "reservations");
export const useUpdateReservation = () =>
  useUpdate<ReservationUpdateInput, Reservation>("reservation", "reservations");

export function useRateOverrides() {
  const { id } = useProperty();
  return useQuery({
    queryKey: keys.rateOverrides(id),
    queryFn: () => apiFetch<RateOverride[]>(`${base(id)}/rate-overrides`),
  });
}
export const useCreateRateOverride = () =>
  useCreate<RateOverrideCreateInput, RateOverride>("rate_override", "rate-overrides");
export const useUpdateRateOverride = () =>
  useUpdate<RateOverrideUpdateInput, RateOverride>("rate_override", "rate-overrides");
export const useDeleteRateOverride = () => useRemove("rate_override", "rate-overrides");

/** A property's grid of `days` nights from `start`, as the web app reads it (the compact form, expanded). */
export const availabilityQuery = (pid: string, start: string, days: number) =>
  queryOptions({
    queryKey: [...keys.availability(pid), start, days],
    queryFn: async () =>
      expandAvailability(await apiFetch<CompactAvailability>(API_PATHS.availability(pid, start, days))),
    staleTime: FRESH_MS,
  });

export function useAvailability(start: string, days: number) {
  const { id } = useProperty();
  return useQuery({
    ...availabilityQuery(id, start, days),
    enabled: start !== "",
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false while the window is not a valid one (a date still being typed). */
export function useOccupancyReport(from: string, to: string, enabled: boolean) {
  const { id } = useProperty();
  return useQuery({
    queryKey: [...keys.reports(id), from, to],
    queryFn: () => apiFetch<OccupancyReport>(`${base(id)}/reports/occupancy?from=${from}&to=${to}`),
    enabled,
    retry: false,
  });
}

export function useAdminProperties(enabled: boolean) {
  return useQuery({
    queryKey: keys.adminProperties,
    queryFn: () => apiFetch<AdminProperty[]>("/api/admin/properties"),
    enabled,
  });
}
