import { ROLE_LABELS } from "../../domain/permissions.js";
import type { Property, PropertySummary } from "../../domain/schemas/properties.js";
import type { SessionUser } from "../../domain/schemas/session.js";
import { useLogout } from "../api/session.js";
import { LoginButton } from "../components/LoginButton.js";

const HEADER_LOGIN_FAILED = "Login failed. Check console.";

type HeaderProps = {
  user: SessionUser | null;
  property: Property;
  properties: readonly PropertySummary[];
  onChoose: (propertyId: string) => void;
};

export function Header({ user, property, properties, onChoose }: HeaderProps) {
  const logout = useLogout();
  return (
    <header className="header">
      {properties.length > 1 ? (
        <div className="header-property field-inline">
          <label htmlFor="property-switcher">Property</label>
          <select id="property-switcher" value={property.id} onChange={(e) => onChoose(e.target.value)}>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({ROLE_LABELS[p.role]})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="header-property">
          <bdi>{property.name}</bdi> <span className="muted">· {ROLE_LABELS[property.role]}</span>
        </p>
      )}
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
