import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { API_PATHS } from "../../domain/api-paths.js";
import { todayIn } from "../../domain/dates.js";
import type { Property, PropertyUpdateInput } from "../../domain/schemas.js";
import { apiFetch } from "./client.js";

export const ownPropertyKey = ["own-property"] as const;

export function useOwnProperty(enabled: boolean) {
  return useQuery({
    queryKey: ownPropertyKey,
    queryFn: () => apiFetch<Property>(API_PATHS.ownProperty),
    enabled,
  });
}

/** The property the signed-in user works on, provided by the /hms layout once loaded. */
export const PropertyContext = createContext<Property | null>(null);

export function useProperty(): Property {
  const property = useContext(PropertyContext);
  if (!property) throw new Error("useProperty must be used inside the /hms layout");
  return property;
}

/** "Today" is the calendar date in the property's time zone, not the browser's. */
export function usePropertyToday(): string {
  return todayIn(useProperty().timeZone, new Date());
}

export function useUpdateProperty() {
  const queryClient = useQueryClient();
  const property = useProperty();
  return useMutation({
    mutationFn: (input: PropertyUpdateInput) =>
      apiFetch<Property>(`/api/properties/${property.id}`, { method: "PATCH", body: input }),
    onSuccess: (updated) => queryClient.setQueryData(ownPropertyKey, updated),
  });
}
