import { NavLink, useLocation } from "react-router";
import { can, type Permission } from "../../domain/permissions.js";
import { useProperty } from "../api/property.js";

/** Each screen and the permission it needs (the server's table decides what the screen may load). */
const SCREENS: readonly { to: string; label: string; permission: Permission }[] = [
  { to: "/hms/frontdesk", label: "Front Desk", permission: "stays" },
  { to: "/hms/reservations", label: "Reservations", permission: "stays" },
  { to: "/hms/lists", label: "Daily lists", permission: "stays" },
  { to: "/hms/guests", label: "Guests", permission: "stays" },
  { to: "/hms/invoices", label: "Invoices", permission: "stays" },
  { to: "/hms/housekeeping", label: "Housekeeping", permission: "property.read" },
  { to: "/hms/tasks", label: "My tasks", permission: "property.read" },
  { to: "/hms/inventory", label: "Inventory", permission: "property.read" },
  { to: "/hms/rates", label: "Rates", permission: "rates.read" },
  { to: "/hms/reports", label: "Reports", permission: "manage" },
  { to: "/hms/settings", label: "Settings", permission: "manage" },
  { to: "/hms/team", label: "Team", permission: "team" },
  { to: "/hms/activity", label: "Activity", permission: "team" },
];

export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const { role } = useProperty();
  const links: { to: string; label: string }[] = SCREENS.filter((screen) => can(role, screen.permission));
  if (isAdmin) links.push({ to: "/hms/admin", label: "Admin (All Data)" });
  return (
    <nav className="sidebar" aria-label="Main">
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
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
