import { z } from "zod";
import {
  propertyParams,
  resourceParams,
  room,
  roomCreateInput,
  roomUpdateInput,
} from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { actorOf, created, withActivity } from "../activity/record.js";
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
    { schema: { tags, params: resourceParams, body: roomUpdateInput, response: { 200: room } } },
    async (request) => {
      const { pid, id } = request.params;
      const { after } = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => updateRoom(tx, pid, id, request.body),
        ({ before, after }) => ({
          action: "room.hk_status_changed",
          entityType: "room",
          entityId: id,
          changes: { hkStatus: { before: before.hkStatus, after: after.hkStatus } },
        }),
      );
      return presentRoom(after);
    },
  );
};
