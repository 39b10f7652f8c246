/**
 * The property the signed-in user works on. `GET /api/property` gives their first one (creating it for a
 * user who belongs to none, after accepting any invitations); a user in several properties picks one in the
 * header, and the choice is kept in this browser so it survives a reload.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { API_PATHS } from "../../domain/api-paths.js";
import { todayIn } from "../../domain/dates.js";
import { AppError } from "../../domain/errors.js";
import { can, type Permission } from "../../domain/permissions.js";
import type { Property, PropertySummary, PropertyUpdateInput } from "../../domain/schemas/properties.js";
import { apiFetch } from "./client.js";
import { FRESH_MS, keys } from "./keys.js";
import { refresherFor } from "./refresh.js";

const ownPropertyKey = ["own-property"] as const;
/** The user's first property (`GET /api/property`). */
export const ownPropertyQuery = queryOptions({
  queryKey: ownPropertyKey,
  queryFn: () => apiFetch<Property>(API_PATHS.ownProperty),
  staleTime: FRESH_MS,
});
const CHOSEN_PROPERTY = "innkeep.property";

function storedChoice(): string | null {
  try {
    return localStorage.getItem(CHOSEN_PROPERTY);
  } catch {
    return null;
  }
}

/** The chosen property (with the caller's role), the user's properties, and a way to switch. */
export function useCurrentProperty(enabled: boolean) {
  const [chosen, setChosen] = useState(storedChoice);
  const first = useQuery({ ...ownPropertyQuery, enabled });
  const list = useQuery({
    queryKey: keys.properties,
    queryFn: () => apiFetch<PropertySummary[]>(API_PATHS.properties),
    enabled: enabled && first.isSuccess,
  });
  // A stored choice is opened straight away, without waiting for the list (it is only the header's
  // switcher): if the user no longer belongs to it, its request answers 404 and `lost` below starts over.
  const pid = chosen ?? first.data?.id;
  const current = useQuery({
    queryKey: keys.property(pid ?? ""),
    queryFn: () => apiFetch<Property>(`/api/properties/${pid}`),
    enabled: enabled && pid !== undefined,
    initialData: pid !== undefined && pid === first.data?.id ? first.data : undefined,
    // The first property's answer is this one's too: fresh as long as it is, so it is not asked again on
    // mount (changes still arrive through the live feed, which invalidates it).
    initialDataUpdatedAt: first.dataUpdatedAt,
    staleTime: FRESH_MS,
  });
  // Access to the chosen property ended (removed from its team): forget it and start again from the
  // user's first property, as on a first visit.
  const queryClient = useQueryClient();
  const lost = current.error instanceof AppError && current.error.code === "not_found";
  useEffect(() => {
    if (!lost) return;
    try {
      localStorage.removeItem(CHOSEN_PROPERTY);
    } catch {
      // Nothing stored to forget.
    }
    queryClient.removeQueries({ queryKey: keys.property(pid ?? "") });
    void queryClient.resetQueries({ queryKey: ownPropertyKey });
    void queryClient.resetQueries({ queryKey: keys.properties });
    setChosen(null);
  }, [lost, pid, queryClient]);
  const choose = useCallback((id: string) => {
    try {
      localStorage.setItem(CHOSEN_PROPERTY, id);
    } catch {
      // Private browsing without storage: the choice lasts until the page is reloaded.
    }
    setChosen(id);
  }, []);
  return {
    property: lost ? undefined : current.data,
    // A lost choice is not an error to show: the user's first property opens instead.
    error: first.error ?? (lost ? null : current.error),
    properties: list.data ?? [],
    choose,
  };
}

/** The property the signed-in user works on, provided by the /hms layout once loaded. */
export const PropertyContext = createContext<Property | null>(null);

export function useProperty(): Property {
  const property = useContext(PropertyContext);
  if (!property) throw new Error("useProperty must be used inside the /hms layout");
  return property;
}

/** Whether the signed-in user's role in this property allows `permission` (the server's own table). */
export function useCan(permission: Permission): boolean {
  return can(useProperty().role, permission);
}

/** "Today" is the calendar date in the property's time zone, not the browser's. */
export function usePropertyToday(): string {
  return todayIn(useProperty().timeZone, new Date());
}

export function useUpdateProperty() {
  const queryClient = useQueryClient();
  const property = useProperty();
  // The answer is the property as it now is: shown at once; the lists that name it follow its event
  // (decision 017).
  return useMutation({
    mutationFn: (input: PropertyUpdateInput) =>
      refresherFor(queryClient, property.id).change([ownPropertyKey, keys.properties], async () => {
        const updated = await apiFetch<Property>(`/api/properties/${property.id}`, {
          method: "PATCH",
          body: input,
        });
        queryClient.setQueryData(keys.property(updated.id), updated);
        return updated;
      }),
  });
}
