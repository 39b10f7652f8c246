/**
 * The session in the /hms app, through TanStack Query. The landing page checks the session and signs in
 * without it (`auth.ts`, decision 016).
 */
import { useQuery } from "@tanstack/react-query";
import { API_PATHS } from "../../domain/api-paths.js";
import type { SessionResponse } from "../../domain/schemas.js";
import { apiFetch } from "./client.js";

export const sessionKey = ["session"] as const;

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => apiFetch<SessionResponse>(API_PATHS.session),
    staleTime: 60_000,
  });
}

/**
 * Signs out and opens the landing page (SPEC §4: logout leads to /) with a page load, which leaves nothing
 * of the signed-out user in memory. A failed logout is only logged (SPEC §8).
 */
async function logout(): Promise<void> {
  try {
    await apiFetch("/auth/logout", { method: "POST", body: {} });
  } catch (error) {
    console.error("Logout failed:", error);
  }
  window.location.assign("/");
}

export function useLogout(): () => Promise<void> {
  return logout;
}
