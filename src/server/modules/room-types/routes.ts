import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { roomType, roomTypeCreateInput, roomTypeUpdateInput } from "../../../domain/schemas/room-types.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { presentRoomType } from "./presenter.js";
import { createRoomType, deleteRoomType, listRoomTypes, updateRoomType } from "./service.js";

const tags = ["room-types"];

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
      const created = await createRoomType(db, pid, actorOf(request), request.body);
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
    async (request) => presentRoomType(await updateRoomType(db, recordTarget(request), request.body)),
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
    async (request) => presentRoomType(await deleteRoomType(db, recordTarget(request))),
  );
};
