/**
 * Routes (SPEC §2). The landing page is in the main bundle; everything under /hms is split by route so the
 * landing page stays light.
 */
import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { useSession } from "./api/session.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { LandingPage } from "./screens/landing/LandingPage.js";

function Root() {
  const session = useSession();
  // SPEC §2: while the authentication state is loading, a "Loading..." page is shown.
  if (session.isPending) return <LoadingPage />;
  return <Outlet />;
}

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown while the first screen's route code loads (the lazy /hms routes).
    HydrateFallback: LoadingPage,
    children: [
      { path: "/", element: <LandingPage /> },
      {
        path: "/hms",
        lazy: screen(() => import("./layout/HmsLayout.js")),
        children: [
          { index: true, lazy: screen(() => import("./screens/frontdesk/FrontDeskScreen.js")) },
          { path: "frontdesk", lazy: screen(() => import("./screens/frontdesk/FrontDeskScreen.js")) },
          {
            path: "reservations",
            lazy: screen(() => import("./screens/reservations/ReservationsScreen.js")),
          },
          {
            path: "housekeeping",
            lazy: screen(() => import("./screens/housekeeping/HousekeepingScreen.js")),
          },
          { path: "inventory", lazy: screen(() => import("./screens/inventory/InventoryScreen.js")) },
          { path: "rates", lazy: screen(() => import("./screens/rates/RatesScreen.js")) },
          { path: "reports", lazy: screen(() => import("./screens/reports/ReportsScreen.js")) },
          { path: "settings", lazy: screen(() => import("./screens/settings/SettingsScreen.js")) },
          { path: "admin", lazy: screen(() => import("./screens/admin/AdminScreen.js")) },
          { path: "*", element: <Navigate to="/" replace /> },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
