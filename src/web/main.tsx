/**
 * The entry (decision 016). The landing page renders from here with React alone; the /hms app (router,
 * TanStack Query, layout and screens, App.tsx) is a chunk of its own that only /hms pages load, so the
 * landing page carries none of it. Moving between the two (sign-in, "Go to HMS", logout) is a page load.
 *
 * No Suspense boundary waits for that chunk or for the landing page's session check: React holds back the
 * reveal of a boundary's content until 300 ms after its fallback appeared, which every /hms load paid in
 * full (decision 020). "Loading..." is rendered first and replaced once both are in.
 */
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadSessionUser } from "./api/auth.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { activateLanguage, browserLanguage, i18n, loadCatalog } from "./i18n/language.js";
import { messages as landingEnglish } from "./locales/landing/en/messages.po";
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
// English is in the entry, so "Loading..." shows at once; another language's words follow (decision 047).
loadCatalog("en", "landing", landingEnglish);
i18n.activate("en");
const show = (page: React.ReactNode) =>
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>{page}</I18nProvider>
    </StrictMode>,
  );

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
  // Words of another language that could not be fetched leave the page in English.
  const inEnglish = (error: unknown) => {
    console.error("Loading the landing page's language failed:", error);
    i18n.activate("en");
  };
  const words = activateLanguage(browserLanguage(), ["landing"]).catch(inEnglish);
  void Promise.all([loadSessionUser(), words]).then(async ([user]) => {
    if (user?.language && user.language !== i18n.locale)
      await activateLanguage(user.language, ["landing"]).catch(inEnglish);
    show(<LandingPage signedIn={user !== null} />);
  });
}
