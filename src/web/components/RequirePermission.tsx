import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { Permission } from "../../domain/permissions.js";
import { ROLE_LABELS } from "../../domain/permissions.js";
import { useCan, useProperty } from "../api/property.js";

/** A screen a role may not use says so instead of loading data the server would refuse. */
type Props = { permission: Permission; fallbackTo?: string | undefined; children: ReactNode };

export function RequirePermission({ permission, fallbackTo, children }: Props) {
  const allowed = useCan(permission);
  const { role } = useProperty();
  if (allowed) return children;
  if (fallbackTo) return <Navigate to={fallbackTo} replace />;
  return (
    <p className="panel" role="alert">
      Unauthorized: your role ({ROLE_LABELS[role]}) cannot open this screen.
    </p>
  );
}
