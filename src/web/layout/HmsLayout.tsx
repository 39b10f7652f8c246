import { Navigate, Outlet } from "react-router";
import { useLiveUpdates } from "../api/live.js";
import { PropertyContext, useOwnProperty } from "../api/property.js";
import { useSession } from "../api/session.js";
import { LoadingPage } from "../components/LoadingPage.js";
import { Header } from "./Header.js";
import { Sidebar } from "./Sidebar.js";

/** The protected area: signed-out users go back to "/" with the history entry replaced (SPEC §2). */
export default function HmsLayout() {
  const { data } = useSession();
  const user = data?.user ?? null;
  const property = useOwnProperty(user !== null);
  if (!user) return <Navigate to="/" replace />;
  if (property.isError) {
    return (
      <div className="loading-page" role="alert">
        Could not load your property: {property.error.message}
      </div>
    );
  }
  if (!property.data) return <LoadingPage />;
  return (
    <PropertyContext.Provider value={property.data}>
      <LiveUpdates pid={property.data.id} />
      <div className="shell">
        <Sidebar isAdmin={user.isAdmin} />
        <div className="shell-main">
          <Header user={user} propertyName={property.data.name} />
          <main className="content" id="content">
            <Outlet />
          </main>
        </div>
      </div>
    </PropertyContext.Provider>
  );
}

function LiveUpdates({ pid }: { pid: string }) {
  useLiveUpdates(pid);
  return null;
}
