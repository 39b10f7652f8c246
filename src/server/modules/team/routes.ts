import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  invitation,
  invitationInput,
  member,
  memberParams,
  memberUpdateInput,
  WAITING_INVITATIONS_PATH,
  waitingInvitation,
} from "../../../domain/schemas/team.js";
import { requireUser, requireUserHook } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { requireGrantor } from "../../http/property-scope.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { presentInvitation } from "./presenter.js";
import {
  changeMemberRole,
  invite,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  waitingInvitations,
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
      const row = await invite(db, pid, actorOf(request), requireGrantor(request), request.body);
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
      return presentInvitation(await revokeInvitation(db, recordTarget(request)));
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
      await changeMemberRole(db, pid, actorOf(request), requireGrantor(request), userId, request.body.role);
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
      await removeMember(db, pid, actorOf(request), requireGrantor(request), userId);
      return { ok: true as const };
    },
  );
};

/**
 * Global (no property in the path): invitations that wait for another address of the signed-in user, so the
 * first screen can say so (decision 038). A separate request, not part of the session read every page makes.
 */
export const waitingInvitationRoutes: Module = (app, { db }) => {
  app.get(
    WAITING_INVITATIONS_PATH,
    {
      onRequest: requireUserHook,
      schema: {
        operationId: "listWaitingInvitations",
        summary: "Invitations waiting for another address of the signed-in user (masked)",
        tags,
        response: { 200: z.array(waitingInvitation) },
      },
    },
    async (request) => waitingInvitations(db, requireUser(request).id),
  );
};
