import { z } from "zod";
import {
  propertyParams,
  resourceParams,
  room,
  roomCreateInput,
  roomUpdateInput,
} from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { presentRoom } from "./presenter.js";
import { createRoom, listRooms, updateRoom } from "./service.js";

const tags = ["rooms"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const roomRoutes: Module = (app, { db }) => {
  app.get(
    "/rooms",
    { schema: { tags, params: propertyParams, response: { 200: z.array(room) } } },
    async (request) => (await listRooms(db, request.params.pid)).map(presentRoom),
  );

  app.post(
    "/rooms",
    { schema: { tags, params: propertyParams, body: roomCreateInput, response: { 201: room } } },
    async (request, reply) => {
      const created = await createRoom(db, request.params.pid, request.body);
      return reply.status(201).send(presentRoom(created));
    },
  );

  app.patch(
    "/rooms/:id",
    { schema: { tags, params: resourceParams, body: roomUpdateInput, response: { 200: room } } },
    async (request) => presentRoom(await updateRoom(db, request.params.pid, request.params.id, request.body)),
  );
};
