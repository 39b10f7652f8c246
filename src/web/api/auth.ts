/**
 * The session check and sign-in without the router or TanStack Query, so the landing page can use them from
 * its own small chunk (decision 016). Only what the landing page itself runs belongs here: anything else would
 * ship with it. A successful sign-in opens /hms with a page load, which starts with the server's preload hints.
 */
import type { SignedInUser } from "../../domain/schemas/session.js";

/** The same URL as `API_PATHS.session`, written out: importing that table would ship all its URLs here. */
const SESSION_PATH = "/api/session";

/** Who is signed in, or null. A failed check is logged and treated as signed out (the Login button shows). */
export async function loadSessionUser(): Promise<SignedInUser | null> {
  try {
    const response = await fetch(SESSION_PATH, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw new Error(`Session check failed (${response.status})`);
    const body = (await response.json()) as { user: SignedInUser | null };
    return body.user;
  } catch (error) {
    console.error("Session check failed:", error);
    return null;
  }
}

type SignInMessage = { type: "innkeep:sign-in"; ok: boolean; error?: string };

/**
 * Popup sign-in (docs/product.md#sign-in-and-sessions): the callback page posts a message to its opener and
 * closes; a successful sign-in leads to /hms. When the popup is blocked, a full-page sign-in returns to /hms.
 */
export function signInWithPopup(onFailure: (error: string) => void): void {
  const popup = window.open("/auth/login?popup=1", "innkeep-sign-in", "popup,width=480,height=640");
  if (!popup) {
    window.location.assign("/auth/login?returnTo=%2Fhms");
    return;
  }
  const onMessage = (event: MessageEvent<SignInMessage>) => {
    if (event.origin !== window.location.origin || event.data?.type !== "innkeep:sign-in") return;
    window.removeEventListener("message", onMessage);
    if (event.data.ok) {
      window.location.assign("/hms");
    } else {
      console.error("Sign-in failed:", event.data.error);
      onFailure(event.data.error ?? "Sign-in failed");
    }
  };
  window.addEventListener("message", onMessage);
}
