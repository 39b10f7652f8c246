import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  invitation,
  invitationInput,
  member,
  memberParams,
  memberUpdateInput,
} from "../../../domain/schemas/team.js";
import type { Module } from "../../context.js";
import { requireGrantor } from "../../http/property-scope.js";
import { actorOf, withActivity } from "../activity/index.js";
import { presentInvitation } from "./presenter.js";
import {
  changeMemberRole,
  invite,
  listInvitations,
  listMembers,
  membershipChanges,
  removeMember,
  revokeInvitation,
} from "./service.js";

const tags = ["team"];

/** Mounted under /api/properties/:pid; the route table allows these to owners and managers only. */
export const teamRoutes: Module = (app, { db }) => {
  app.get(
    "/members",
    {
      schema: {
        operationId: "listMembers",
        summary: "The members of the property and their roles",
        tags,
        params: propertyParams,
        response: { 200: z.array(member) },
      },
    },
    async (request) => listMembers(db, request.params.pid),
  );

  app.post(
    "/members",
    {
      schema: {
        operationId: "inviteMember",
        summary: "Invite someone by email with a role",
        tags,
        params: propertyParams,
        body: invitationInput,
        response: { 201: invitation },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const actor = actorOf(request);
      const row = await withActivity(
        db,
        pid,
        actor,
        (tx) => invite(tx, pid, requireGrantor(request), actor.id, request.body),
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
      return reply.status(201).send(presentInvitation(row));
    },
  );

  app.get(
    "/invitations",
    {
      schema: {
        operationId: "listInvitations",
        summary: "Invitations not yet accepted",
        tags,
        params: propertyParams,
        response: { 200: z.array(invitation) },
      },
    },
    async (request) => (await listInvitations(db, request.params.pid)).map(presentInvitation),
  );

  app.delete(
    "/invitations/:id",
    {
      schema: {
        operationId: "deleteInvitation",
        summary: "Withdraw an invitation",
        tags,
        params: resourceParams,
        response: { 200: invitation },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      const row = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => revokeInvitation(tx, pid, id),
        (revoked) => ({
          action: "invitation.revoked",
          entityType: "invitation",
          entityId: revoked.id,
          changes: {
            email: { before: revoked.email, after: null },
            role: { before: revoked.role, after: null },
          },
        }),
      );
      return presentInvitation(row);
    },
  );

  app.patch(
    "/members/:userId",
    {
      schema: {
        operationId: "updateMember",
        summary: "Change a member's role",
        tags,
        params: memberParams,
        body: memberUpdateInput,
        response: { 200: member },
      },
    },
    async (request) => {
      const { pid, userId } = request.params;
      await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => changeMemberRole(tx, pid, requireGrantor(request), userId, request.body.role),
        (change) => ({
          action: "member.role_changed",
          entityType: "member",
          entityId: userId,
          changes: membershipChanges(change),
        }),
      );
      const updated = (await listMembers(db, pid)).find((m) => m.userId === userId);
      if (!updated) throw new Error("member vanished after its role changed");
      return updated;
    },
  );

  app.delete(
    "/members/:userId",
    {
      schema: {
        operationId: "removeMember",
        summary: "Remove a member from the property",
        tags,
        params: memberParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const { pid, userId } = request.params;
      await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => removeMember(tx, pid, requireGrantor(request), userId),
        (change) => ({
          action: "member.removed",
          entityType: "member",
          entityId: userId,
          changes: membershipChanges(change),
        }),
      );
      return { ok: true as const };
    },
  );
};
