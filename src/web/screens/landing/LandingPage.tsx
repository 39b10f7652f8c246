import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { useSession } from "../../api/session.js";
import { LoginButton } from "../../components/LoginButton.js";

export const LANDING_LOGIN_FAILED = "Login failed. Make sure Google sign-in is enabled in Firebase Auth.";

const FEATURES = [
  "Front desk availability strip",
  "Reservations with check-in/out",
  "Inventory",
  "Housekeeping workflow",
  "Daily rate overrides",
  "Occupancy reports",
];

export function LandingPage() {
  const { data } = useSession();
  const user = data?.user ?? null;
  const [params, setParams] = useSearchParams();

  // A failed full-page sign-in (popup blocked) comes back here with ?loginError=1.
  useEffect(() => {
    if (params.get("loginError") !== "1") return;
    setParams({}, { replace: true });
    console.error("Sign-in failed (full-page redirect)");
    window.alert(LANDING_LOGIN_FAILED);
  }, [params, setParams]);

  return (
    <main className="landing">
      <section className="landing-card">
        <p className="brand">Innkeep</p>
        <h1>Welcome to Innkeep Hotel Management</h1>
        <p className="lead">
          Run your property from one place: the front desk, reservations, rooms, housekeeping, rates and
          occupancy, live for everyone on shift.
        </p>
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="landing-actions">
          {user ? (
            <Link className="button primary" to="/hms">
              Go to HMS
            </Link>
          ) : (
            <LoginButton failureAlert={LANDING_LOGIN_FAILED} />
          )}
        </div>
      </section>
    </main>
  );
}
