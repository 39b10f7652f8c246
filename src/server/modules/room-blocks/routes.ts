import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { roomBlock, roomBlockCreateInput, roomBlockQuery } from "../../../domain/schemas/room-blocks.js";
import type { Module } from "../../context.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { presentRoomBlock } from "./presenter.js";
import { createRoomBlock, deleteRoomBlock, listRoomBlocks } from "./service.js";

const tags = ["room blocks"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const roomBlockRoutes: Module = (app, { db }) => {
  app.get(
    "/room-blocks",
    {
      schema: {
        operationId: "listRoomBlocks",
        summary: "Room blocks (out of order, maintenance) in a date window",
        tags,
        params: propertyParams,
        querystring: roomBlockQuery,
        response: { 200: z.array(roomBlock) },
      },
    },
    async (request) => (await listRoomBlocks(db, request.params.pid, request.query)).map(presentRoomBlock),
  );

  app.post(
    "/room-blocks",
    {
      schema: {
        operationId: "createRoomBlock",
        summary: "Take a room out of inventory for some dates",
        tags,
        params: propertyParams,
        body: roomBlockCreateInput,
        response: { 201: roomBlock },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const record = await createRoomBlock(db, pid, actorOf(request), request.body);
      return reply.status(201).send(presentRoomBlock(record));
    },
  );

  app.delete(
    "/room-blocks/:id",
    {
      schema: {
        operationId: "deleteRoomBlock",
        summary: "Remove a room block",
        tags,
        params: resourceParams,
        response: { 200: roomBlock },
      },
    },
    async (request) => {
      return presentRoomBlock(await deleteRoomBlock(db, recordTarget(request)));
    },
  );
};
