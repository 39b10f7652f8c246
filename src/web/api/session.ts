import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
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

type SignInMessage = { type: "innkeep:sign-in"; ok: boolean; error?: string };

/**
 * Popup sign-in (DESIGN §6): the callback page posts a message to its opener and closes. When the popup
 * is blocked, fall back to a full-page redirect that returns to /hms.
 */
export function useLogin(onFailure: (error: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const popup = window.open("/auth/login?popup=1", "innkeep-sign-in", "popup,width=480,height=640");
    if (!popup) {
      window.location.assign("/auth/login?returnTo=%2Fhms");
      return;
    }
    const onMessage = async (event: MessageEvent<SignInMessage>) => {
      if (event.origin !== window.location.origin || event.data?.type !== "innkeep:sign-in") return;
      window.removeEventListener("message", onMessage);
      if (event.data.ok) {
        await queryClient.invalidateQueries({ queryKey: sessionKey });
        navigate("/hms");
      } else {
        console.error("Sign-in failed:", event.data.error);
        onFailure(event.data.error ?? "Sign-in failed");
      }
    };
    window.addEventListener("message", onMessage);
  }, [queryClient, navigate, onFailure]);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await apiFetch("/auth/logout", { method: "POST", body: {} });
    } catch (error) {
      console.error("Logout failed:", error);
    }
    queryClient.clear();
    queryClient.setQueryData(sessionKey, { user: null });
    navigate("/");
  }, [queryClient, navigate]);
}
