import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { roomType, roomTypeCreateInput, roomTypeUpdateInput } from "../../../domain/schemas/room-types.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import {
  actorOf,
  created as createdFields,
  deleteRecord,
  editRecord,
  withActivity,
} from "../activity/index.js";
import { presentRoomType } from "./presenter.js";
import { createRoomType, deleteRoomType, listRoomTypes, updateRoomType } from "./service.js";

const tags = ["room-types"];
const LOGGED = ["name", "capacity", "baseRate"] as const;
const logged = {
  type: "room_type",
  present: presentRoomType,
  fields: LOGGED,
};

/** Mounted under /api/properties/:pid (membership already checked). */
export const roomTypeRoutes: Module = (app, { db }) => {
  app.get(
    "/room-types",
    {
      schema: {
        operationId: "listRoomTypes",
        summary: "The room types of the property",
        tags,
        params: propertyParams,
        response: { 200: z.array(roomType) },
      },
    },
    async (request) => (await listRoomTypes(db, request.params.pid)).map(presentRoomType),
  );

  app.post(
    "/room-types",
    {
      schema: {
        operationId: "createRoomType",
        summary: "Create a room type",
        tags,
        params: propertyParams,
        body: roomTypeCreateInput,
        response: { 201: roomType },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const created = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => createRoomType(tx, pid, request.body),
        (row) => ({
          action: "room_type.created",
          entityType: "room_type",
          entityId: row.id,
          changes: createdFields(row, LOGGED),
        }),
      );
      return reply.status(201).send(presentRoomType(created));
    },
  );

  app.patch(
    "/room-types/:id",
    {
      schema: {
        operationId: "updateRoomType",
        summary: "Change a room type (a new name is copied onto its rooms)",
        tags,
        params: resourceParams,
        body: roomTypeUpdateInput,
        response: { 200: roomType },
      },
    },
    async (request) =>
      editRecord(db, request, "room_type.updated", logged, (tx, { pid, id }) =>
        updateRoomType(tx, pid, id, request.body),
      ),
  );

  // Refused with 409 `in_use` while the type has rooms or a booked or checked-in stay
  // (docs/product.md#room-types-and-rooms).
  app.delete(
    "/room-types/:id",
    {
      schema: {
        operationId: "deleteRoomType",
        summary: "Delete a room type (409 in_use while rooms, stays or rates use it)",
        tags,
        params: resourceParams,
        response: { 200: roomType, ...errorResponses(409) },
      },
    },
    async (request) =>
      deleteRecord(db, request, "room_type.deleted", logged, (tx, { pid, id }) =>
        deleteRoomType(tx, pid, id),
      ),
  );
};
