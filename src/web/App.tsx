/**
 * Routes (SPEC §2). The landing page is in the main bundle; everything under /hms is split by route so the
 * landing page stays light.
 */
import { createBrowserRouter, Navigate, Outlet } from "react-router";
import type { Permission } from "../domain/permissions.js";
import { useSession } from "./api/session.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { LandingPage } from "./screens/landing/LandingPage.js";

function Root() {
  const session = useSession();
  // SPEC §2: while the authentication state is loading, a "Loading..." page is shown.
  if (session.isPending) return <LoadingPage />;
  return <Outlet />;
}

type Screen = () => Promise<{ default: React.ComponentType }>;

const screen = (load: Screen) => async () => ({
  Component: (await load()).default,
});

/**
 * A screen only some roles may use (src/domain/permissions.ts). Others see why they cannot, or are sent to
 * `fallbackTo`. The check ships with the screen's own chunk, keeping the landing page light.
 */
const gated = (permission: Permission, load: Screen, fallbackTo?: string) => async () => {
  const [{ default: Component }, { RequirePermission }] = await Promise.all([
    load(),
    import("./components/RequirePermission.js"),
  ]);
  return {
    Component: () => (
      <RequirePermission permission={permission} fallbackTo={fallbackTo}>
        <Component />
      </RequirePermission>
    ),
  };
};
const frontDesk = () => import("./screens/frontdesk/FrontDeskScreen.js");

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
          // Housekeepers start on their own screen.
          { index: true, lazy: gated("stays", frontDesk, "/hms/housekeeping") },
          { path: "frontdesk", lazy: gated("stays", frontDesk) },
          {
            path: "reservations",
            lazy: gated("stays", () => import("./screens/reservations/ReservationsScreen.js")),
          },
          {
            path: "housekeeping",
            lazy: screen(() => import("./screens/housekeeping/HousekeepingScreen.js")),
          },
          { path: "inventory", lazy: screen(() => import("./screens/inventory/InventoryScreen.js")) },
          { path: "rates", lazy: gated("rates.read", () => import("./screens/rates/RatesScreen.js")) },
          { path: "reports", lazy: gated("manage", () => import("./screens/reports/ReportsScreen.js")) },
          { path: "settings", lazy: gated("manage", () => import("./screens/settings/SettingsScreen.js")) },
          { path: "team", lazy: gated("team", () => import("./screens/team/TeamScreen.js")) },
          { path: "activity", lazy: gated("team", () => import("./screens/activity/ActivityScreen.js")) },
          { path: "admin", lazy: screen(() => import("./screens/admin/AdminScreen.js")) },
          { path: "*", element: <Navigate to="/" replace /> },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
