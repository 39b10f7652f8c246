import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { can } from "../../../domain/permissions.js";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  ROOM_INVENTORY_FIELDS,
  room,
  roomCreateInput,
  roomPatchInput,
} from "../../../domain/schemas/rooms.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { requireRole } from "../../http/property-scope.js";
import { actorOf, changed, created, deleteRecord, withActivity } from "../activity/index.js";
import { propertyToday } from "../properties/index.js";
import { presentRoom } from "./presenter.js";
import { createRoom, deleteRoom, listRooms, updateRoom } from "./service.js";

const tags = ["rooms"];
const LOGGED = ["number", "floor", "roomTypeId", "roomTypeName", "hkStatus"] as const;

/**
 * Every role may set a room's housekeeping status; its number, type and floor are inventory, which needs
 * "manage". Checked on the raw body before validation, so such a caller hears 403 rather than a 400 about
 * a value it may not send at all (404 → 403 → 400 → 409, docs/product.md#errors).
 */
async function inventoryNeedsManage(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== "object" || body === null) return;
  const touchesInventory = ROOM_INVENTORY_FIELDS.some((field) => Object.hasOwn(body, field));
  if (touchesInventory && !can(requireRole(request), "manage")) {
    throw new AppError("forbidden", MESSAGES.forbidden);
  }
}

/** Mounted under /api/properties/:pid (membership already checked). */
export const roomRoutes: Module = (app, { db, now }) => {
  app.get(
    "/rooms",
    {
      schema: {
        operationId: "listRooms",
        summary: "The rooms of the property",
        tags,
        params: propertyParams,
        response: { 200: z.array(room) },
      },
    },
    async (request) => (await listRooms(db, request.params.pid)).map(presentRoom),
  );

  app.post(
    "/rooms",
    {
      schema: {
        operationId: "createRoom",
        summary: "Create a room",
        tags,
        params: propertyParams,
        body: roomCreateInput,
        response: { 201: room },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const row = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => createRoom(tx, pid, request.body),
        (room) => ({
          action: "room.created",
          entityType: "room",
          entityId: room.id,
          changes: created(room, ["number", "floor", "roomTypeName"]),
        }),
      );
      return reply.status(201).send(presentRoom(row));
    },
  );

  app.patch(
    "/rooms/:id",
    {
      preValidation: inventoryNeedsManage,
      schema: {
        operationId: "updateRoom",
        summary: "Change a room's housekeeping status (any role), or its number, type or floor",
        tags,
        params: resourceParams,
        body: roomPatchInput,
        response: { 200: room, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      // Housekeeping's everyday change keeps its own action name; anything else edits the inventory.
      const hkOnly = Object.keys(request.body).every((field) => field === "hkStatus");
      const { after } = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => updateRoom(tx, pid, id, request.body),
        ({ before, after }) => ({
          action: hkOnly ? "room.hk_status_changed" : "room.updated",
          entityType: "room",
          entityId: id,
          changes: hkOnly
            ? { hkStatus: { before: before.hkStatus, after: after.hkStatus } }
            : changed(before, after, LOGGED),
        }),
      );
      return presentRoom(after);
    },
  );

  // Refused with 409 `in_use` while a booked or checked-in stay or a block that has not ended needs it.
  app.delete(
    "/rooms/:id",
    {
      schema: {
        operationId: "deleteRoom",
        summary: "Delete a room (409 in_use while a current or future stay uses it)",
        tags,
        params: resourceParams,
        response: { 200: room, ...errorResponses(409) },
      },
    },
    async (request) =>
      deleteRecord(
        db,
        request,
        "room.deleted",
        { type: "room", present: presentRoom, fields: ["number", "floor", "roomTypeName"] },
        async (tx, { pid, id }) => deleteRoom(tx, pid, id, await propertyToday(tx, pid, now())),
      ),
  );
};
