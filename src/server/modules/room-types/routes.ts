import { z } from "zod";
import { propertyParams, roomType, roomTypeCreateInput } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { actorOf, created as createdFields, withActivity } from "../activity/record.js";
import { presentRoomType } from "./presenter.js";
import { createRoomType, listRoomTypes } from "./service.js";

const tags = ["room-types"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const roomTypeRoutes: Module = (app, { db }) => {
  app.get(
    "/room-types",
    { schema: { tags, params: propertyParams, response: { 200: z.array(roomType) } } },
    async (request) => (await listRoomTypes(db, request.params.pid)).map(presentRoomType),
  );

  app.post(
    "/room-types",
    { schema: { tags, params: propertyParams, body: roomTypeCreateInput, response: { 201: roomType } } },
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
          changes: createdFields(row, ["name", "capacity", "baseRate"]),
        }),
      );
      return reply.status(201).send(presentRoomType(created));
    },
  );
};
