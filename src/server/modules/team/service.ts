/**
 * The team of a property: members and pending invitations (DESIGN §9.1, §9.3). An invitation binds to an
 * email; it becomes a membership when a user whose provider verified that email makes a request. The rules
 * on who may change whom live in `src/domain/permissions.ts`; "exactly one owner" is also a unique index.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import { canManageMember, isRole, type Role } from "../../../domain/permissions.js";
import type { Invitation, InvitationInput, Member } from "../../../domain/schemas.js";
import type { Db } from "../../db/connect.js";
import { invitations, propertyMembers, users } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export const MEMBER_NOT_FOUND = "Member not found";
export const INVITATION_NOT_FOUND = "Invitation not found";
const OWNER_IS_FIXED = "The owner's role cannot be given, changed or removed";

type InvitationRow = typeof invitations.$inferSelect;

export function presentInvitation(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role as Role, invitedAt: toIso(row.createdAt) };
}

/** Owner first, then in the order they joined. */
export async function listMembers(db: Db, propertyId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: propertyMembers.userId,
      email: users.email,
      displayName: users.displayName,
      role: propertyMembers.role,
    })
    .from(propertyMembers)
    .innerJoin(users, eq(users.id, propertyMembers.userId))
    .where(eq(propertyMembers.propertyId, propertyId))
    .orderBy(sql`${propertyMembers.role} = 'owner' desc`, asc(propertyMembers.createdAt), asc(users.id));
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

export async function listInvitations(db: Db, propertyId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(invitations)
    .where(eq(invitations.propertyId, propertyId))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

/** 403 before anything else: nobody invites or grants "owner", and the owner's row is never touched. */
function requireManageable(actorRole: Role, targetRole: Role, to: Role | null) {
  if (!canManageMember(actorRole, targetRole, to)) throw new AppError("forbidden", OWNER_IS_FIXED);
}

export async function invite(
  db: Db,
  propertyId: string,
  actorRole: Role,
  inviterId: string | null,
  input: Required<InvitationInput>,
): Promise<InvitationRow> {
  requireManageable(actorRole, input.role, input.role);
  const [member] = await db
    .select({ userId: propertyMembers.userId })
    .from(propertyMembers)
    .innerJoin(users, eq(users.id, propertyMembers.userId))
    .where(
      and(eq(propertyMembers.propertyId, propertyId), sql`lower(btrim(${users.email})) = ${input.email}`),
    )
    .limit(1);
  if (member) throw new AppError("conflict", `${input.email} is already a member`);
  const [row] = await db
    .insert(invitations)
    .values({ propertyId, email: input.email, role: input.role, invitedBy: inviterId })
    .onConflictDoNothing({ target: [invitations.propertyId, invitations.email] })
    .returning();
  if (!row) throw new AppError("conflict", `${input.email} is already invited`);
  return row;
}

export async function revokeInvitation(db: Db, propertyId: string, id: string): Promise<InvitationRow> {
  const [row] = await db
    .delete(invitations)
    .where(and(eq(invitations.propertyId, propertyId), eq(invitations.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", INVITATION_NOT_FOUND);
  return row;
}

/** The member row, locked for the rest of the transaction (a concurrent change waits, then sees ours). */
async function lockMember(db: Db, propertyId: string, userId: string): Promise<Role> {
  const [row] = await db
    .select({ role: propertyMembers.role })
    .from(propertyMembers)
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)))
    .for("update");
  if (!row || !isRole(row.role)) throw new AppError("not_found", MEMBER_NOT_FOUND);
  return row.role;
}

export async function changeMemberRole(
  db: Db,
  propertyId: string,
  actorRole: Role,
  userId: string,
  to: Role,
): Promise<{ before: Role; after: Role }> {
  const before = await lockMember(db, propertyId, userId);
  requireManageable(actorRole, before, to);
  await db
    .update(propertyMembers)
    .set({ role: to })
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)));
  return { before, after: to };
}

export async function removeMember(
  db: Db,
  propertyId: string,
  actorRole: Role,
  userId: string,
): Promise<{ role: Role }> {
  const role = await lockMember(db, propertyId, userId);
  requireManageable(actorRole, role, null);
  await db
    .delete(propertyMembers)
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)));
  return { role };
}

/**
 * Turns every invitation of the user's (verified) email into a membership, in one statement: the invitation
 * is deleted and the membership inserted together, so an invitation revoked at the same moment is either
 * accepted (the revoke then finds nothing: 404) or gone (nothing is accepted). Each new membership writes
 * its `member.joined` entry in the same statement.
 */
export async function acceptInvitations(db: Db, user: { id: string; name: string; email: string }) {
  await db.execute(sql`
    with accepted as (
      delete from ${invitations} where ${invitations.email} = lower(btrim(${user.email}))
      returning property_id, role
    ), joined as (
      insert into ${propertyMembers} (property_id, user_id, role)
      select property_id, ${user.id}::uuid, role from accepted
      on conflict do nothing
      returning property_id, role
    )
    insert into activity (property_id, actor_id, actor_name, action, entity_type, entity_id, changes)
    select property_id, ${user.id}::uuid, ${user.name}, 'member.joined', 'member', ${user.id}::uuid,
           jsonb_build_object('role', jsonb_build_object('before', null, 'after', role))
    from joined`);
}
