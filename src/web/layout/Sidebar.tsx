import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { NavLink, useLocation } from "react-router";
import { can, type Permission } from "../../domain/permissions.js";
import { useProperty } from "../api/property.js";

/** Each screen and the permission it needs (the server's table decides what the screen may load). */
const SCREENS: readonly { to: string; label: MessageDescriptor; permission: Permission }[] = [
  { to: "/hms/frontdesk", label: msg`Front Desk`, permission: "stays" },
  { to: "/hms/reservations", label: msg`Reservations`, permission: "stays" },
  { to: "/hms/lists", label: msg`Daily lists`, permission: "stays" },
  { to: "/hms/guests", label: msg`Guests`, permission: "stays" },
  { to: "/hms/invoices", label: msg`Invoices`, permission: "stays" },
  { to: "/hms/housekeeping", label: msg`Housekeeping`, permission: "property.read" },
  { to: "/hms/tasks", label: msg`My tasks`, permission: "property.read" },
  { to: "/hms/inventory", label: msg`Inventory`, permission: "property.read" },
  { to: "/hms/rates", label: msg`Rates`, permission: "rates.read" },
  { to: "/hms/reports", label: msg`Reports`, permission: "manage" },
  { to: "/hms/settings", label: msg`Settings`, permission: "manage" },
  { to: "/hms/team", label: msg`Team`, permission: "team" },
  { to: "/hms/activity", label: msg`Activity`, permission: "team" },
];

export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const { role } = useProperty();
  const { t } = useLingui();
  const links: { to: string; label: MessageDescriptor }[] = SCREENS.filter((screen) =>
    can(role, screen.permission),
  );
  if (isAdmin) links.push({ to: "/hms/admin", label: msg`Admin (All Data)` });
  return (
    <nav className="sidebar" aria-label={t`Main`}>
      <p className="sidebar-brand">Innkeep</p>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              // The /hms index shows the front desk too.
              className={({ isActive }) =>
                isActive || (link.to === "/hms/frontdesk" && pathname.replace(/\/$/, "") === "/hms")
                  ? "active"
                  : ""
              }
            >
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
