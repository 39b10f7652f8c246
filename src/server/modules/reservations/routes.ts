import { z } from "zod";
import {
  propertyParams,
  reservation,
  reservationCreateInput,
  reservationListQuery,
  reservationUpdateInput,
  resourceParams,
} from "../../../domain/schemas.js";
import { requireUser } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { presentReservation } from "./presenter.js";
import { changeReservationStatus, createReservation, listReservations } from "./service.js";

const tags = ["reservations"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const reservationRoutes: Module = (app, { db }) => {
  app.get(
    "/reservations",
    {
      schema: {
        tags,
        params: propertyParams,
        querystring: reservationListQuery,
        response: { 200: z.array(reservation) },
      },
    },
    async (request) =>
      (await listReservations(db, request.params.pid, request.query)).map(presentReservation),
  );

  app.post(
    "/reservations",
    {
      schema: { tags, params: propertyParams, body: reservationCreateInput, response: { 201: reservation } },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const created = await createReservation(db, pid, requireUser(request).id, request.body);
      return reply.status(201).send(presentReservation(created));
    },
  );

  app.patch(
    "/reservations/:id",
    {
      schema: { tags, params: resourceParams, body: reservationUpdateInput, response: { 200: reservation } },
    },
    async (request) => {
      const { pid, id } = request.params;
      return presentReservation(await changeReservationStatus(db, pid, id, request.body.status));
    },
  );
};
