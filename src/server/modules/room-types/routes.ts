import { z } from "zod";
import { propertyParams, roomType, roomTypeCreateInput } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
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
      const created = await createRoomType(db, request.params.pid, request.body);
      return reply.status(201).send(presentRoomType(created));
    },
  );
};
