import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { can } from "../../../domain/permissions.js";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  ROOM_INVENTORY_FIELDS,
  room,
  roomBulkCreateInput,
  roomCreateInput,
  roomPatchInput,
} from "../../../domain/schemas/rooms.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { requireRole } from "../../http/property-scope.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { presentRoom } from "./presenter.js";
import { createRoom, createRooms, deleteRoom, listRooms, updateRoom } from "./service.js";

const tags = ["rooms"];

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
      const row = await createRoom(db, pid, actorOf(request), request.body);
      return reply.status(201).send(presentRoom(row));
    },
  );

  app.post(
    "/rooms/bulk",
    {
      schema: {
        operationId: "createRooms",
        summary:
          "Add rooms: several numbers of one type on one floor, all or none (409 naming taken numbers)",
        tags,
        params: propertyParams,
        body: roomBulkCreateInput,
        response: { 201: z.array(room), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const rows = await createRooms(db, request.params.pid, actorOf(request), request.body);
      return reply.status(201).send(rows.map(presentRoom));
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
      return presentRoom(await updateRoom(db, recordTarget(request), request.body));
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
    async (request) => presentRoom(await deleteRoom(db, recordTarget(request), now())),
  );
};
