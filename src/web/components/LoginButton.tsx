import { useCallback } from "react";
import { useLogin } from "../api/session.js";

/** The identity-provider sign-in button; `failureAlert` is the alert text of the place it is shown in. */
export function LoginButton({ failureAlert, className }: { failureAlert: string; className?: string }) {
  const onFailure = useCallback(() => window.alert(failureAlert), [failureAlert]);
  const login = useLogin(onFailure);
  return (
    <button type="button" className={className ?? "button primary"} onClick={login}>
      Login
    </button>
  );
}
