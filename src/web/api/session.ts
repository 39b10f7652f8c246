/**
 * The session in the /hms app, through TanStack Query. The landing page checks the session and signs in
 * without it (`auth.ts`, decision 016).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { API_PATHS } from "../../domain/api-paths.js";
import type { SessionResponse } from "../../domain/schemas/session.js";
import { apiFetch } from "./client.js";
import { FRESH_MS } from "./keys.js";

export const sessionKey = ["session"] as const;

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => apiFetch<SessionResponse>(API_PATHS.session),
  staleTime: FRESH_MS,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * Signs out and replaces the page with the landing page's (logout leads to /,
 * docs/product.md#sign-in-and-sessions), a page load that leaves nothing of the signed-out user in memory. A
 * failed logout is only logged.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiFetch("/auth/logout", { method: "POST", body: {} });
    } catch (error) {
      console.error("Logout failed:", error);
    }
    // Until the page is replaced, the app stops asking for what a signed-out user may not read.
    queryClient.setQueryData(sessionKey, { user: null });
    window.location.replace("/");
  }, [queryClient]);
}
