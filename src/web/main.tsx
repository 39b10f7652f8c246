/**
 * The entry (decision 016). The landing page renders from here with React alone; the /hms app (router,
 * TanStack Query, layout and screens, App.tsx) is a chunk of its own that only /hms pages load, so the
 * landing page carries none of it. Moving between the two (sign-in, "Go to HMS", logout) is a page load.
 */
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { loadSessionUser } from "./api/auth.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { LandingPage } from "./screens/landing/LandingPage.js";
import "./styles/app.css";

const HmsApp = lazy(() => import("./App.js"));

const inApp = /^\/hms(\/|$)/.test(window.location.pathname);
// SPEC §2: any other path redirects to /.
if (!inApp && window.location.pathname !== "/") window.history.replaceState(null, "", "/");

// The page was left for another (sign-in, logout) and now comes back from the back/forward cache as it
// was, showing whoever was signed in then: load it again so it checks the session afresh.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) window.location.reload();
});

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    {/* SPEC §2: while the authentication state (or the app's code) is loading, a "Loading..." page is shown. */}
    <Suspense fallback={<LoadingPage />}>
      {inApp ? <HmsApp /> : <LandingPage user={loadSessionUser()} />}
    </Suspense>
  </StrictMode>,
);
