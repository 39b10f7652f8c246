/**
 * The landing page ("/", docs/product.md#screens-and-routes). It renders from the entry chunk with React
 * alone: no router, no query client (decision 016). "Go to HMS" is a plain link, a page load into the /hms
 * app.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { LoginButton } from "../../components/LoginButton.js";

const LANDING_LOGIN_FAILED = msg`Login failed. Make sure Google sign-in is enabled in Firebase Auth.`;

const FEATURES = [
  msg`Front desk availability strip`,
  msg`Reservations with check-in/out`,
  msg`Inventory`,
  msg`Housekeeping workflow`,
  msg`Daily rate overrides`,
  msg`Occupancy reports`,
];

/** Rendered once the session check (started before the first render, main.tsx) has answered. */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const loginFailed = t(LANDING_LOGIN_FAILED);
  // A failed full-page sign-in (popup blocked) comes back here with ?loginError=1.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("loginError") !== "1") return;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    console.error("Sign-in failed (full-page redirect)");
    window.alert(loginFailed);
  }, [loginFailed]);

  return (
    <main className="landing">
      <section className="landing-card">
        <p className="brand">Innkeep</p>
        <h1>
          <Trans>Welcome to Innkeep Hotel Management</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Run your property from one place: the front desk, reservations, rooms, housekeeping, rates and
            occupancy, live for everyone on shift.
          </Trans>
        </p>
        <ul className="feature-list">
          {FEATURES.map((feature) => (
            <li key={feature.id}>{t(feature)}</li>
          ))}
        </ul>
        <div className="landing-actions">
          {signedIn ? (
            <a className="button primary" href="/hms">
              <Trans>Go to HMS</Trans>
            </a>
          ) : (
            <LoginButton failureAlert={loginFailed} />
          )}
        </div>
      </section>
    </main>
  );
}
