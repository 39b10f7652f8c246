/**
 * The team of a property: members and pending invitations (docs/product.md#roles-and-permissions). An
 * invitation binds to an email; it becomes a membership when a user whose provider verified that email makes
 * a request. The rules on who may change whom live in `src/domain/permissions.ts`; "exactly one owner" is
 * also a unique index.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import { invitationHintKeys, maskEmail } from "../../../domain/invitation-hints.js";
import { canManageMember, isRole, type Role, rolesNotCoveredBy } from "../../../domain/permissions.js";
import type { InvitationInput, Member, WaitingInvitation } from "../../../domain/schemas/team.js";
import type { Grantor } from "../../auth/grantor.js";
import { announceRevoked } from "../../db/changes-channel.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { apiTokens, invitations, propertyMembers, users } from "../../db/schema.js";
import { type Actor, deleteRecord, type RecordTarget, withActivity } from "../activity/index.js";
import { type InvitationRow, presentInvitation } from "./presenter.js";

export const MEMBER_NOT_FOUND = "Member not found";
export const INVITATION_NOT_FOUND = "Invitation not found";
const NOT_GRANTABLE = "The owner's role cannot be given, changed or removed, nor a role beyond your own";
const OWN_CREATOR = "An API token cannot change the membership of the member who created it";

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

/**
 * 403 before anything else: nobody invites or grants "owner" or a role beyond their own, the owner's row is
 * never touched, and a token cannot change its creator's membership (it could re-promote a demoted creator).
 */
function requireManageable(grantor: Grantor, target: { userId?: string; role: Role }, to: Role | null) {
  if (!canManageMember(grantor.role, target.role, to)) throw new AppError("forbidden", NOT_GRANTABLE);
  if (grantor.viaToken && target.userId !== undefined && target.userId === grantor.memberId) {
    throw new AppError("forbidden", OWN_CREATOR);
  }
}

async function insertInvitation(
  db: Db,
  propertyId: string,
  grantor: Grantor,
  inviterId: string | null,
  input: Required<InvitationInput>,
): Promise<InvitationRow> {
  requireManageable(grantor, { role: input.role }, input.role);
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

async function dropInvitation(db: Db, propertyId: string, id: string): Promise<InvitationRow> {
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

/**
 * Revokes the member's API tokens whose roles `role` does not cover (all of them when removed, `null`), in
 * the caller's transaction: a token never outlives its creator's rights (docs/product.md#api-tokens).
 * Deleting a token also ends the live streams opened with it, on commit. Answers the revoked tokens' names.
 */
async function revokeTokensBeyond(db: Db, propertyId: string, userId: string, role: Role | null) {
  const revoked = await db
    .delete(apiTokens)
    .where(
      and(
        eq(apiTokens.propertyId, propertyId),
        eq(apiTokens.createdBy, userId),
        inArray(apiTokens.role, rolesNotCoveredBy(role)),
      ),
    )
    .returning({ name: apiTokens.name, tokenHash: apiTokens.tokenHash });
  await announceRevoked(
    db,
    revoked.map((token) => ({ revoked: "session", tokenHash: token.tokenHash })),
  );
  return revoked.map((token) => token.name).sort();
}

export type MembershipChange = { before: Role; after: Role | null; revokedTokens: string[] };

async function setMemberRole(
  db: Db,
  propertyId: string,
  grantor: Grantor,
  userId: string,
  to: Role,
): Promise<MembershipChange> {
  const before = await lockMember(db, propertyId, userId);
  requireManageable(grantor, { userId, role: before }, to);
  await db
    .update(propertyMembers)
    .set({ role: to })
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)));
  // A changed role ends the member's streams too: they reconnect with what the new role may see.
  await announceRevoked(db, [{ revoked: "member", propertyId, userId }]);
  const revokedTokens = await revokeTokensBeyond(db, propertyId, userId, to);
  return { before, after: to, revokedTokens };
}

async function dropMember(
  db: Db,
  propertyId: string,
  grantor: Grantor,
  userId: string,
): Promise<MembershipChange> {
  const before = await lockMember(db, propertyId, userId);
  requireManageable(grantor, { userId, role: before }, null);
  // Before the membership: the tokens' key to it would delete them too, but the entry should name them.
  const revokedTokens = await revokeTokensBeyond(db, propertyId, userId, null);
  await db
    .delete(propertyMembers)
    .where(and(eq(propertyMembers.propertyId, propertyId), eq(propertyMembers.userId, userId)));
  await announceRevoked(db, [{ revoked: "member", propertyId, userId }]);
  return { before, after: null, revokedTokens };
}

/** The activity entry's changes for a role change or removal: the role, and the tokens it revoked. */
function membershipChanges({ before, after, revokedTokens }: MembershipChange) {
  return {
    role: { before, after },
    ...(revokedTokens.length > 0 ? { revokedApiTokens: { before: revokedTokens, after: null } } : {}),
  };
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

/** Most waiting invitations one answer names: a notice, not a directory. */
const WAITING_LIMIT = 3;

/**
 * Invitations that wait for another address of this user (decision 038): at their organisation's own
 * domain, or whose address reads as their name; never for a property they already belong to. Addresses
 * are answered masked. Nothing is matched for an unverified address.
 */
export async function waitingInvitations(db: Db, userId: string): Promise<WaitingInvitation[]> {
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId));
  const keys = user ? invitationHintKeys(user) : null;
  if (!user?.email || !keys) return [];
  // Name keys hold only [a-z0-9], so a comma-joined list is safe to split in SQL.
  const rows = await queryRows<{ propertyName: string; email: string }>(
    db,
    sql`select p.name as "propertyName", i.email
        from ${invitations} i join properties p on p.id = i.property_id
        where i.email <> lower(btrim(${user.email}))
          and ((${keys.domain}::text is not null and split_part(i.email, '@', 2) = ${keys.domain}::text)
               or regexp_replace(split_part(i.email, '@', 1), '[^a-z0-9]', '', 'g')
                  = any(string_to_array(${keys.names.join(",")}::text, ',')))
          and not exists (select 1 from ${propertyMembers} m
                          where m.property_id = i.property_id and m.user_id = ${userId}::uuid)
        order by i.created_at, i.id
        limit ${WAITING_LIMIT}`,
  );
  return rows.map((row) => ({ propertyName: row.propertyName, email: maskEmail(row.email) }));
}

/** Invites an email to the team and writes the entry, in one transaction. */
export async function invite(
  db: Db,
  propertyId: string,
  actor: Actor,
  grantor: Grantor,
  input: Required<InvitationInput>,
): Promise<InvitationRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertInvitation(tx, propertyId, grantor, actor.id, input),
    (created) => ({
      action: "member.invited",
      entityType: "invitation",
      entityId: created.id,
      changes: {
        email: { before: null, after: created.email },
        role: { before: null, after: created.role },
      },
    }),
  );
}

export async function revokeInvitation(db: Db, target: RecordTarget): Promise<InvitationRow> {
  return deleteRecord(
    db,
    target,
    "invitation.revoked",
    { type: "invitation", present: presentInvitation, fields: ["email", "role"] },
    (tx) => dropInvitation(tx, target.propertyId, target.id),
  );
}

/** Changes a member's role (and revokes the tokens it no longer covers), with its entry, in one transaction. */
export async function changeMemberRole(
  db: Db,
  propertyId: string,
  actor: Actor,
  grantor: Grantor,
  userId: string,
  to: Role,
): Promise<MembershipChange> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => setMemberRole(tx, propertyId, grantor, userId, to),
    (change) => ({
      action: "member.role_changed",
      entityType: "member",
      entityId: userId,
      changes: membershipChanges(change),
    }),
  );
}

/** Removes a member (and their tokens), with its entry, in one transaction. */
export async function removeMember(
  db: Db,
  propertyId: string,
  actor: Actor,
  grantor: Grantor,
  userId: string,
): Promise<MembershipChange> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => dropMember(tx, propertyId, grantor, userId),
    (change) => ({
      action: "member.removed",
      entityType: "member",
      entityId: userId,
      changes: membershipChanges(change),
    }),
  );
}
