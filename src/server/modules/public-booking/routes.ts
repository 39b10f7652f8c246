/**
 * The public booking engine's API under /api/public (docs/product.md#booking-engine): no sign-in and no
 * cookies; 404 on every route while the hotel's engine is off; bodies bounded; every POST rate-limited per
 * client address and checked by the CSRF guard (no other site may post here: CORS stays closed); a booking
 * requires an `Idempotency-Key` and runs once per key (src/server/http/idempotency.ts).
 */
import { z } from "zod";
import { todayIn } from "../../../domain/dates.js";
import {
  bookingCreated,
  manageTokenParams,
  offersQuery,
  type PublicProperty,
  publicBooking,
  publicBookingInput,
  publicProperty,
  publicPropertyParams,
  type RoomOffer,
  roomOffer,
} from "../../../domain/schemas/public-booking.js";
import type { Module } from "../../context.js";
import { KeptAnswers, sendKept } from "../../http/kept-answers.js";
import { errorResponses } from "../../http/openapi.js";
import { listRoomTypes } from "../room-types/index.js";
import { bookOnline } from "./booking.js";
import { cancelManagedBooking, findManagedBooking } from "./manage.js";
import { arrivalPast, offersFrom, readSellable } from "./offers.js";
import { engineProperties, engineProperty } from "./property.js";
import { SellableSnapshots } from "./sellable-snapshots.js";

const tags = ["booking engine"];
/** Kept offers, packed: about 1.7 KB each at a 20-type hotel (15 KB of JSON), so some 9,000 searches. */
const OFFERS_KEPT_SIZE = 16 * 1024 * 1024;
/** Kept booking pages: some 5,000 hotels' of 20 room types. */
const PAGES_KEPT_SIZE = 4 * 1024 * 1024;
/** A booking's body is a few hundred bytes; this leaves room and nothing more. */
const PUBLIC_BODY_LIMIT = 8 * 1024;

/** Mounted under /api/public. */
export const publicBookingRoutes: Module = (app, { db, now, config }) => {
  // Guests search the same dates again and again: answers are kept until the property's next change (decision
  // 045), which every change that alters an offer makes (stays, blocks, rooms, types, overrides, plans).
  const keptOffers = new KeptAnswers({ maxSize: OFFERS_KEPT_SIZE, packed: true });
  // The booking page's first call, kept likewise (a few hundred bytes a property).
  const keptPages = new KeptAnswers({ maxSize: PAGES_KEPT_SIZE });
  // A search not made before is worked out from the property's sellable nights, kept likewise (decision 046).
  const sellable = new SellableSnapshots((pid, from, to) => readSellable(db, pid, from, to));
  // The reads guests crowd in: their property lookups go together (property.ts).
  const crowdProperty = engineProperties(db);
  app.get(
    "/properties/:code",
    {
      schema: {
        operationId: "getPublicProperty",
        summary: "The hotel as its booking page shows it: name, currency, time zone, room types",
        tags,
        params: publicPropertyParams,
        response: { 200: publicProperty, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const property = await crowdProperty(request.params.code);
      // Tagged with the event number read before its room types: they are at least that recent.
      const answer = await keptPages.answer(property.id, property.eventSeq, async () => {
        const types = await listRoomTypes(db, property.id);
        const page: PublicProperty = {
          name: property.name,
          currency: property.currency,
          timeZone: property.timeZone,
          roomTypes: types.map(({ id, name, capacity }) => ({ id, name, capacity })),
        };
        return { seq: property.eventSeq, json: JSON.stringify(publicProperty.parse(page)) };
      });
      return (await sendKept(request, reply, answer)) as unknown as PublicProperty;
    },
  );

  app.get(
    "/properties/:code/offers",
    {
      schema: {
        operationId: "listOffers",
        summary: "What can be sold for the dates and guests: room types with each public plan's total",
        tags,
        params: publicPropertyParams,
        querystring: offersQuery,
        response: { 200: z.array(roomOffer), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const property = await crowdProperty(request.params.code);
      const search = request.query;
      const at = now();
      // Whether the arrival is past depends on the clock, not on a change: such an answer is never kept.
      if (arrivalPast(property, search, at)) return [];
      const key = `${property.id}/${search.checkIn}/${search.checkOut}/${search.adults}/${search.children}`;
      const answer = await keptOffers.answer(key, property.eventSeq, async () => {
        const nights = await sellable.sellable(property, search, todayIn(property.timeZone, at));
        const offers = offersFrom(nights, property, search);
        return { seq: nights.seq, json: JSON.stringify(z.array(roomOffer).parse(offers)) };
      });
      return (await sendKept(request, reply, answer)) as unknown as RoomOffer[];
    },
  );

  app.post(
    "/properties/:code/bookings",
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: {
        idempotencyKeyRequired: true,
        answerCarriesSecret: {
          record: "booking",
          ifLost: "the link in the confirmation email opens the booking",
        },
      },
      schema: {
        operationId: "createPublicBooking",
        summary: "Book a room type on a public plan at the offered total (Idempotency-Key required)",
        tags,
        params: publicPropertyParams,
        body: publicBookingInput,
        response: { 201: bookingCreated, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const property = await engineProperty(db, request.params.code);
      const booked = await bookOnline(db, property, request.body, now(), {
        publicUrl: config.publicUrl,
        sending: config.mail !== null,
      });
      return reply.status(201).send(booked);
    },
  );

  app.get(
    "/bookings/:token",
    {
      schema: {
        operationId: "getPublicBooking",
        summary: "A guest's booking, by the token of its manage link",
        tags,
        params: manageTokenParams,
        response: { 200: publicBooking, ...errorResponses() },
      },
    },
    async (request) => findManagedBooking(db, request.params.token, now()),
  );

  app.post(
    "/bookings/:token/cancel",
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        operationId: "cancelPublicBooking",
        summary: "Cancel a booking while its plan's cancellation window is open",
        tags,
        params: manageTokenParams,
        response: { 200: publicBooking, ...errorResponses(409, 429) },
      },
    },
    async (request) => cancelManagedBooking(db, request.params.token, now(), config.mail !== null),
  );
};
