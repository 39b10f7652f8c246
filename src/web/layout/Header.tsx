import type { SessionUser } from "../../domain/schemas.js";
import { useLogout } from "../api/session.js";
import { LoginButton } from "../components/LoginButton.js";

export const HEADER_LOGIN_FAILED = "Login failed. Check console.";

export function Header({ user, propertyName }: { user: SessionUser | null; propertyName: string }) {
  const logout = useLogout();
  return (
    <header className="header">
      <p className="header-property">
        <bdi>{propertyName}</bdi>
      </p>
      <div className="header-user">
        {user ? (
          <>
            <span className="header-name">
              <bdi>{user.displayName || user.email}</bdi>
              {user.isAdmin ? <span className="admin-marker"> (Admin)</span> : null}
            </span>
            <button type="button" className="button" onClick={logout}>
              Logout
            </button>
          </>
        ) : (
          <LoginButton failureAlert={HEADER_LOGIN_FAILED} />
        )}
      </div>
    </header>
  );
}
