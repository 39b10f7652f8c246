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
import { actorOf, created, withActivity } from "../activity/record.js";
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
      const record = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => createReservation(tx, pid, requireUser(request).id, request.body),
        ({ row }) => ({
          action: "reservation.created",
          entityType: "reservation",
          entityId: row.id,
          changes: created(presentReservation({ row, roomNumber: null }), [
            "code",
            "guestName",
            "roomId",
            "checkInDate",
            "checkOutDate",
            "total",
          ]),
        }),
      );
      return reply.status(201).send(presentReservation(record));
    },
  );

  app.patch(
    "/reservations/:id",
    {
      schema: { tags, params: resourceParams, body: reservationUpdateInput, response: { 200: reservation } },
    },
    async (request) => {
      const { pid, id } = request.params;
      const { record } = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => changeReservationStatus(tx, pid, id, request.body.status),
        ({ from, record }) => ({
          action: `reservation.${record.row.status}`,
          entityType: "reservation",
          entityId: id,
          changes: { status: { before: from, after: record.row.status } },
        }),
      );
      return presentReservation(record);
    },
  );
};
