/**
 * Roles and what each may do (docs/product.md#roles-and-permissions). The server checks every property route
 * against this table (src/server/http/route-permissions.ts maps each route to one permission); the web app
 * shows a role only the screens, buttons and forms it may use, from the same table.
 */
export const ROLES = ["owner", "manager", "front_desk", "housekeeping"] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be invited or granted: there is exactly one owner, the property's creator. */
export const ASSIGNABLE_ROLES = ["manager", "front_desk", "housekeeping"] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  manager: "Manager",
  front_desk: "Front desk",
  housekeeping: "Housekeeping",
};

export const PERMISSIONS = [
  /** Read the property, room types and rooms; set a room's housekeeping status; the live feed. */
  "property.read",
  /** Reservations and guests (read, create, edit, status), availability, payments, room blocks, a stay's history. */
  "stays",
  /** Read rate overrides. */
  "rates.read",
  /** Write inventory and rates, settings; reports and exports. */
  "manage",
  /** Members and invitations, API tokens, webhooks, the whole activity log. */
  "team",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS,
  front_desk: ["property.read", "stays", "rates.read"],
  housekeeping: ["property.read"],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/**
 * Whether `holder` has every right `role` has: a manager covers a front-desk clerk, a clerk a housekeeper.
 * Derived from the grants, so a new permission cannot leave the order out of date.
 */
export function roleCovers(holder: Role, role: Role): boolean {
  return GRANTS[role].every((permission) => GRANTS[holder].includes(permission));
}

/** The roles that a member demoted to `role` no longer covers: their API tokens with these roles end. */
export function rolesNotCoveredBy(role: Role | null): Role[] {
  return ROLES.filter((other) => role === null || !roleCovers(role, other));
}

/**
 * Whether `actor` may set `target`'s role to `to` (or remove them, `to` = null). Nobody grants "owner" or
 * a role beyond their own (a token acting as a front-desk clerk never makes a manager); the owner's own
 * membership is never changed or removed (there is always exactly one owner).
 */
export function canManageMember(actor: Role, target: Role, to: Role | null): boolean {
  if (!can(actor, "team")) return false;
  if (target === "owner" || to === "owner") return false;
  return to === null || roleCovers(actor, to);
}

/** Whether `actor` may give `role` to someone or something (an invitation, an API token). */
export function canGrant(actor: Role, role: Role): boolean {
  return role !== "owner" && roleCovers(actor, role);
}
