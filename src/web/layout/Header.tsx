import { Trans, useLingui } from "@lingui/react/macro";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "../../domain/languages.js";
import type { Property, PropertySummary } from "../../domain/schemas/properties.js";
import type { SessionUser } from "../../domain/schemas/session.js";
import { useLogout } from "../api/session.js";
import { LoginButton } from "../components/LoginButton.js";
import { ROLE_WORDS } from "../i18n/labels.js";
import { useLanguageChoice } from "../i18n/useLanguage.js";

type HeaderProps = {
  user: SessionUser | null;
  property: Property;
  properties: readonly PropertySummary[];
  onChoose: (propertyId: string) => void;
};

export function Header({ user, property, properties, onChoose }: HeaderProps) {
  const logout = useLogout();
  const { t } = useLingui();
  const { language, choose } = useLanguageChoice();
  return (
    <header className="header">
      {properties.length > 1 ? (
        <div className="header-property field-inline">
          <label htmlFor="property-switcher">
            <Trans>Property</Trans>
          </label>
          <select id="property-switcher" value={property.id} onChange={(e) => onChoose(e.target.value)}>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({t(ROLE_WORDS[p.role])})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="header-property">
          <bdi>{property.name}</bdi> <span className="muted">· {t(ROLE_WORDS[property.role])}</span>
        </p>
      )}
      <div className="header-user">
        <div className="field-inline">
          <label htmlFor="language-switcher">
            <Trans>Language</Trans>
          </label>
          <select
            id="language-switcher"
            value={language}
            onChange={(e) => {
              const chosen = e.target.value;
              if (isLanguage(chosen))
                choose(chosen).catch((error: unknown) =>
                  console.error("Changing the language failed:", error),
                );
            }}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        {user ? (
          <>
            <span className="header-name">
              <bdi>{user.displayName || user.email}</bdi>
              {user.isAdmin ? <span className="admin-marker"> {t`(Admin)`}</span> : null}
            </span>
            <button type="button" className="button" onClick={logout}>
              <Trans>Logout</Trans>
            </button>
          </>
        ) : (
          <LoginButton failureAlert={t`Login failed. Check console.`} />
        )}
      </div>
    </header>
  );
}
