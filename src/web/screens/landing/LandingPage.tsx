/**
 * The landing page ("/", docs/product.md#screens-and-routes). It renders from the entry chunk with React
 * alone: no router, no query client (decision 016). "Go to HMS" is a plain link, a page load into the /hms
 * app.
 */
import { useEffect } from "react";
import { LoginButton } from "../../components/LoginButton.js";

const LANDING_LOGIN_FAILED = "Login failed. Make sure Google sign-in is enabled in Firebase Auth.";

const FEATURES = [
  "Front desk availability strip",
  "Reservations with check-in/out",
  "Inventory",
  "Housekeeping workflow",
  "Daily rate overrides",
  "Occupancy reports",
];

/** Rendered once the session check (started before the first render, main.tsx) has answered. */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  // A failed full-page sign-in (popup blocked) comes back here with ?loginError=1.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("loginError") !== "1") return;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    console.error("Sign-in failed (full-page redirect)");
    window.alert(LANDING_LOGIN_FAILED);
  }, []);

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
          {signedIn ? (
            <a className="button primary" href="/hms">
              Go to HMS
            </a>
          ) : (
            <LoginButton failureAlert={LANDING_LOGIN_FAILED} />
          )}
        </div>
      </section>
    </main>
  );
}
