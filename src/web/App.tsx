/**
 * The /hms app (docs/product.md#screens-and-routes): its router, the query client, and the screens split by
 * route. main.tsx loads this chunk only on /hms pages; the landing page is not part of it (decision 016).
 */
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { createBrowserRouter, Outlet, RouterProvider } from "react-router";
import { AppError } from "../domain/errors.js";
import type { Permission } from "../domain/permissions.js";
import type { SessionResponse } from "../domain/schemas/session.js";
import { hintedUrls, seedFromHints } from "./api/first-screen.js";
import { sessionKey, useSession } from "./api/session.js";
import { LoadingPage } from "./components/LoadingPage.js";
import { activateLanguage, browserLanguage, i18n } from "./i18n/language.js";
import { APP_CATALOGS, useSessionLanguage } from "./i18n/useLanguage.js";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live events keep data fresh; refetching on every focus would only add load.
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof AppError && error.status < 500) && count < 2,
    },
  },
});

/**
 * Resolves when the answers the page's preload hints fetched are in their queries (decision 031), and the
 * screens' words are in: the browser's language's, fetched beside those answers, then the signed-in user's
 * choice when the session is among them and says another (Root follows the session's once it is in).
 */
const browserWords = activateLanguage(browserLanguage(), APP_CATALOGS);
export const firstScreen = Promise.all([seedFromHints(queryClient, hintedUrls(document)), browserWords]).then(
  () => {
    const chosen = queryClient.getQueryData<SessionResponse>(sessionKey)?.user?.language;
    return chosen && chosen !== i18n.locale ? activateLanguage(chosen, APP_CATALOGS) : undefined;
  },
);

function Root() {
  const session = useSession();
  useSessionLanguage(session.data?.user?.language);
  // While the authentication state loads, a "Loading..." page shows (docs/product.md#screens-and-routes).
  if (session.isPending) return <LoadingPage />;
  return <Outlet />;
}

/**
 * Every path outside /hms is the landing page's (main.tsx): going there (a signed-out user, an unknown
 * path; docs/product.md#screens-and-routes) replaces this page with a load of "/".
 */
function LeaveApp() {
  useEffect(() => window.location.replace("/"), []);
  return <LoadingPage />;
}

type Screen = () => Promise<{ default: React.ComponentType }>;

const screen = (load: Screen) => async () => ({
  Component: (await load()).default,
});

/**
 * A screen only some roles may use (src/domain/permissions.ts). Others see why they cannot, or are sent to
 * `fallbackTo`. The check is a chunk of its own, loaded beside the screen.
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

const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown while the first screen's route code loads (the lazy /hms routes).
    HydrateFallback: LoadingPage,
    children: [
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
          { path: "lists", lazy: gated("stays", () => import("./screens/lists/ListsScreen.js")) },
          { path: "guests", lazy: gated("stays", () => import("./screens/guests/GuestsScreen.js")) },
          {
            path: "guests/:id",
            lazy: gated("stays", () => import("./screens/guests/GuestProfileScreen.js")),
          },
          {
            path: "invoices",
            lazy: gated("stays", () => import("./screens/invoices/InvoicesScreen.js")),
          },
          {
            path: "invoices/:id/print",
            lazy: gated("stays", () => import("./screens/invoices/InvoicePrintScreen.js")),
          },
          { path: "tasks", lazy: screen(() => import("./screens/tasks/TasksScreen.js")) },
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
          { path: "*", element: <LeaveApp /> },
        ],
      },
      { path: "*", element: <LeaveApp /> },
    ],
  },
]);

export default function HmsApp() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
