import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  guest,
  guestCreateInput,
  guestDetail,
  guestExport,
  guestListItem,
  guestListQuery,
  guestMergeInput,
  guestUpdateInput,
} from "../../../domain/schemas/guests.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf } from "../activity/index.js";
import { mergeGuests } from "./merge.js";
import { presentGuest } from "./presenter.js";
import { anonymizeGuest, exportGuest } from "./privacy.js";
import { createGuest, listGuests, guestDetail as loadGuestDetail, patchGuest } from "./service.js";

const tags = ["guests"];

/** Mounted under /api/properties/:pid (membership already checked; permissions in route-permissions.ts). */
export const guestRoutes: Module = (app, { db, now }) => {
  app.get(
    "/guests",
    {
      schema: {
        operationId: "listGuests",
        summary: "Guest profiles, newest first, searched by name, email, phone or document number",
        tags,
        params: propertyParams,
        querystring: guestListQuery,
        response: { 200: z.array(guestListItem) },
      },
    },
    async (request) => listGuests(db, request.params.pid, request.query),
  );

  app.post(
    "/guests",
    {
      schema: {
        operationId: "createGuest",
        summary: "Add a guest profile",
        tags,
        params: propertyParams,
        body: guestCreateInput,
        response: { 201: guest },
      },
    },
    async (request, reply) => {
      const row = await createGuest(db, request.params.pid, actorOf(request), request.body);
      return reply.status(201).send(presentGuest(row));
    },
  );

  app.get(
    "/guests/:id",
    {
      schema: {
        operationId: "getGuest",
        summary: "One guest profile with its stays (newest first), nights and revenue",
        tags,
        params: resourceParams,
        response: { 200: guestDetail },
      },
    },
    async (request) => loadGuestDetail(db, request.params.pid, request.params.id),
  );

  app.patch(
    "/guests/:id",
    {
      schema: {
        operationId: "updateGuest",
        summary: "Edit a guest profile (its stays show the new name, phone and email)",
        tags,
        params: resourceParams,
        body: guestUpdateInput,
        response: { 200: guest, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      return presentGuest(await patchGuest(db, pid, actorOf(request), id, request.body));
    },
  );

  app.post(
    "/guests/:id/merge",
    {
      schema: {
        operationId: "mergeGuests",
        summary:
          "Merge another profile of the same person into this one (its stays move here; it is deleted)",
        tags,
        params: resourceParams,
        body: guestMergeInput,
        response: { 200: guestDetail, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      await mergeGuests(db, pid, actorOf(request), id, request.body.sourceId);
      return loadGuestDetail(db, pid, id);
    },
  );

  app.get(
    "/guests/:id/export",
    {
      schema: {
        operationId: "exportGuest",
        summary: "Everything held about the guest, as one JSON document (right of access)",
        tags,
        params: resourceParams,
        response: { 200: guestExport },
      },
    },
    async (request, reply) => {
      const { pid, id } = request.params;
      const document = await exportGuest(db, pid, actorOf(request), id, now());
      reply.header("content-disposition", `attachment; filename="guest-${id}.json"`);
      reply.header("cache-control", "no-store");
      return document;
    },
  );

  app.post(
    "/guests/:id/anonymize",
    {
      schema: {
        operationId: "anonymizeGuest",
        summary: "Erase the guest's personal data everywhere, keeping amounts, dates and codes",
        tags,
        params: resourceParams,
        response: { 200: guest, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      return presentGuest(await anonymizeGuest(db, pid, actorOf(request), id));
    },
  );
};
