import { Trans } from "@lingui/react/macro";
import { signInWithPopup } from "../api/auth.js";

/** The identity-provider sign-in button; `failureAlert` is the alert text of the place it is shown in. */
export function LoginButton({ failureAlert, className }: { failureAlert: string; className?: string }) {
  return (
    <button
      type="button"
      className={className ?? "button primary"}
      onClick={() => signInWithPopup(() => window.alert(failureAlert))}
    >
      <Trans>Login</Trans>
    </button>
  );
}
