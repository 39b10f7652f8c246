import { NavLink, useLocation } from "react-router";

const LINKS = [
  { to: "/hms/frontdesk", label: "Front Desk" },
  { to: "/hms/reservations", label: "Reservations" },
  { to: "/hms/housekeeping", label: "Housekeeping" },
  { to: "/hms/inventory", label: "Inventory" },
  { to: "/hms/rates", label: "Rates" },
  { to: "/hms/reports", label: "Reports" },
  { to: "/hms/settings", label: "Settings" },
];

export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const links = isAdmin ? [...LINKS, { to: "/hms/admin", label: "Admin (All Data)" }] : LINKS;
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
