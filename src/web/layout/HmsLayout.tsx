import { Trans } from "@lingui/react/macro";
import { Navigate, Outlet } from "react-router";
import { useLiveUpdates } from "../api/live.js";
import { PropertyContext, useCurrentProperty } from "../api/property.js";
import { useSession } from "../api/session.js";
import { ConfirmHost } from "../components/ConfirmDialog.js";
import { LoadingPage } from "../components/LoadingPage.js";
import { NoticeHost } from "../components/notices.js";
import { WaitingInvitationNotice } from "../screens/team/WaitingInvitationNotice.js";
import { Header } from "./Header.js";
import { Sidebar } from "./Sidebar.js";

/**
 * The protected area: signed-out users go back to "/" with the history entry replaced
 * (docs/product.md#screens-and-routes).
 */
export default function HmsLayout() {
  const { data } = useSession();
  const user = data?.user ?? null;
  const { property, error, properties, choose } = useCurrentProperty(user !== null);
  if (!user) return <Navigate to="/" replace />;
  if (error && !property) {
    const reason = error.message;
    return (
      <div className="loading-page" role="alert">
        <Trans>Could not load your property: {reason}</Trans>
      </div>
    );
  }
  if (!property) return <LoadingPage />;
  return (
    <PropertyContext.Provider value={property}>
      <LiveUpdates pid={property.id} />
      <div className="shell">
        <Sidebar isAdmin={user.isAdmin} />
        <div className="shell-main">
          <Header user={user} property={property} properties={properties} onChoose={choose} />
          <main className="content" id="content">
            <WaitingInvitationNotice />
            <Outlet />
          </main>
        </div>
      </div>
      <NoticeHost />
      <ConfirmHost />
    </PropertyContext.Provider>
  );
}

function LiveUpdates({ pid }: { pid: string }) {
  useLiveUpdates(pid);
  return null;
}
