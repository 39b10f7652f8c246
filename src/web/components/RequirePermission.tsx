import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { Permission } from "../../domain/permissions.js";
import { useCan, useProperty } from "../api/property.js";
import { ROLE_WORDS } from "../i18n/labels.js";

/** A screen a role may not use says so instead of loading data the server would refuse. */
type Props = { permission: Permission; fallbackTo?: string | undefined; children: ReactNode };

export function RequirePermission({ permission, fallbackTo, children }: Props) {
  const allowed = useCan(permission);
  const { role } = useProperty();
  const { t } = useLingui();
  if (allowed) return children;
  if (fallbackTo) return <Navigate to={fallbackTo} replace />;
  const roleName = t(ROLE_WORDS[role]);
  return (
    <p className="panel" role="alert">
      <Trans>Unauthorized: your role ({roleName}) cannot open this screen.</Trans>
    </p>
  );
}
