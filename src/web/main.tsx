/**
 * The entry (decision 016). The landing page renders from here with React alone; the /hms app (router,
 * TanStack Query, layout and screens, App.tsx) is a chunk of its own that only /hms pages load, so the
 * landing page carries none of it. Moving between the two (sign-in, "Go to HMS", logout) is a page load.
 *
 * No Suspense boundary waits for that chunk or for the landing page's session check: React holds back the
 * reveal of a boundary's content until 300 ms after its fallback appeared, which every /hms load paid in
 * full (decision 020). "Loading..." is rendered first and replaced once both are in.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadSessionUser } from "./api/auth.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { LandingPage } from "./screens/landing/LandingPage.js";
import "./styles/app.css";

const inApp = /^\/hms(\/|$)/.test(window.location.pathname);
// Any other path is replaced by / (docs/product.md#screens-and-routes).
if (!inApp && window.location.pathname !== "/") window.history.replaceState(null, "", "/");

// The page was left for another (sign-in, logout) and now comes back from the back/forward cache as it
// was, showing whoever was signed in then: load it again so it checks the session afresh.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) window.location.reload();
});

const container = document.getElementById("root");
if (!container) throw new Error("#root missing");
const root = createRoot(container);
const show = (page: React.ReactNode) => root.render(<StrictMode>{page}</StrictMode>);

// While the authentication state (or the app's code) is loading, a "Loading..." page is shown
// (docs/product.md#screens-and-routes).
show(<LoadingPage />);
if (inApp) {
  // The first render waits for the first screen's data too, so it draws the whole screen at once.
  void import("./App.js").then(async ({ default: HmsApp, firstScreen }) => {
    await firstScreen;
    show(<HmsApp />);
  });
  // The page's first date formatter costs ~20 ms (ICU's set-up, whatever the zone and options; later ones
  // cost under 1 ms), and the app's first screen needs one for the property's "today". Made now, that cost
  // is paid while the page waits for the app's code and data instead of before the first render.
  setTimeout(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(0), 0);
} else {
  void loadSessionUser().then((user) => show(<LandingPage signedIn={user !== null} />));
}
