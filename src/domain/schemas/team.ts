/** A property's team: invitations, role changes, and the member and invitation records. */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { ROLES } from "../permissions.js";
import { id, pathId } from "./fields.js";

/**
 * An invitation, or a role change. "owner" parses, so that the server can refuse it with 403
 * (docs/product.md#roles-and-permissions).
 */
const email = z
  .string()
  .max(LIMITS.text)
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "must be an email address" }).max(LIMITS.text));
export const invitationInput = z.strictObject({ email, role: z.enum(ROLES) });
export type InvitationInput = z.input<typeof invitationInput>;
export const memberUpdateInput = z.strictObject({ role: z.enum(ROLES) });
export const memberParams = z.strictObject({ pid: pathId, userId: pathId });

export const member = z.object({
  userId: id,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Member = z.infer<typeof member>;

export const invitation = z.object({ id, email: z.string(), role: z.enum(ROLES), invitedAt: z.string() });
export type Invitation = z.infer<typeof invitation>;

/**
 * GET /api/invitations/waiting — invitations to another address of the signed-in user (decision 038): the
 * hotel's name and the invited address, masked ("a•••@example.com").
 */
export const waitingInvitation = z.object({ propertyName: z.string(), email: z.string() });
export type WaitingInvitation = z.infer<typeof waitingInvitation>;
export const WAITING_INVITATIONS_PATH = "/api/invitations/waiting";
