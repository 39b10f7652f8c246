import type { Role } from "../../../domain/permissions.js";
import type { Invitation } from "../../../domain/schemas/team.js";
import type { invitations } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export type InvitationRow = typeof invitations.$inferSelect;

export function presentInvitation(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role as Role, invitedAt: toIso(row.createdAt) };
}
