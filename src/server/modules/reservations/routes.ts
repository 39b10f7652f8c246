import { z } from "zod";
import { TOTAL_COUNT_HEADER } from "../../../domain/constants.js";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { reservationListQuery } from "../../../domain/schemas/reservation-search.js";
import {
  type Reservation,
  reservation,
  reservationCreateInput,
  reservationDetail,
  reservationUpdateInput,
} from "../../../domain/schemas/reservations.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf } from "../activity/index.js";
import { listPayments } from "../payments/index.js";
import { createReservation } from "./create.js";
import { patchReservation } from "./edit.js";
import { reservationListStream } from "./list-stream.js";
import { presentReservation } from "./presenter.js";
import { countReservations, findReservationRecord, guestStayNumber, listReservations } from "./service.js";

const tags = ["reservations"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const reservationRoutes: Module = (app, { db, now, config }) => {
  app.get(
    "/reservations",
    {
      schema: {
        operationId: "listReservations",
        summary: "Reservations, newest first, filtered and a page at a time",
        tags,
        params: propertyParams,
        querystring: reservationListQuery,
        response: { 200: z.array(reservation) },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const { total, ...query } = request.query;
      if (total === "true") reply.header(TOTAL_COUNT_HEADER, await countReservations(db, pid, query));
      if (query.limit !== undefined) return (await listReservations(db, pid, query)).map(presentReservation);
      // The whole list, streamed a page at a time (list-stream.ts); a stream is sent as it is, so the schema
      // above documents it without re-validating every stay.
      reply.type("application/json; charset=utf-8");
      return reply.send((await reservationListStream(db, pid, query)) as unknown as Reservation[]);
    },
  );

  app.post(
    "/reservations",
    {
      schema: {
        operationId: "createReservation",
        summary: "Book a stay (priced, checked against availability, restrictions and capacity)",
        tags,
        params: propertyParams,
        body: reservationCreateInput,
        response: { 201: reservation },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const record = await createReservation(db, pid, actorOf(request), request.body, now(), {
        source: request.apiToken ? "api" : "front_desk",
        manageTokenHash: null,
        confirmation: request.body.sendConfirmation ? { manageLink: null } : null,
        sending: config.mail !== null,
      });
      return reply.status(201).send(presentReservation(record));
    },
  );

  app.get(
    "/reservations/:id",
    {
      schema: {
        operationId: "getReservation",
        summary: "One reservation with its nightly rates, payments and balance",
        tags,
        params: resourceParams,
        response: { 200: reservationDetail },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      const record = await findReservationRecord(db, pid, id);
      return {
        ...presentReservation(record),
        payments: await listPayments(db, pid, id),
        guestStayNumber: await guestStayNumber(db, pid, record.row),
      };
    },
  );

  app.patch(
    "/reservations/:id",
    {
      schema: {
        operationId: "updateReservation",
        summary: "Change a reservation's guest, dates, room or status (transitions checked)",
        tags,
        params: resourceParams,
        body: reservationUpdateInput,
        response: { 200: reservation, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id } = request.params;
      return presentReservation(await patchReservation(db, pid, actorOf(request), id, request.body, now()));
    },
  );
};
