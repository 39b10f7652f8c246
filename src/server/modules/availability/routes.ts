import { z } from "zod";
import {
  type Availability,
  availability,
  availabilityQuery,
  compactAvailability,
} from "../../../domain/schemas/availability.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { KeptAnswers, sendKept } from "../../http/kept-answers.js";
import { latestEventSeq } from "../../live/outbox.js";
import { patchCompactGrid } from "./compact-patch.js";
import { type GridAnswer, gridAnswerSize } from "./grid-answer.js";
import { availabilityJson, compactAvailabilityJson } from "./service.js";

const tags = ["availability"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const availabilityRoutes: Module = (app, { db }) => {
  // One per server: answers are kept between changes (kept-answers.ts, decision 021).
  const cache = new KeptAnswers<GridAnswer>({ sizeOf: gridAnswerSize });
  app.get(
    "/availability",
    {
      schema: {
        operationId: "getAvailability",
        summary: "The availability grid: rooms by dates with their stays, blocks and rates",
        tags,
        params: propertyParams,
        querystring: availabilityQuery,
        response: { 200: z.union([availability, compactAvailability]) },
      },
    },
    async (request, reply) => {
      const { start, days, format } = request.query;
      const { pid } = request.params;
      const latest = (await latestEventSeq(db, pid)) ?? 0;
      const answer = await cache.answer(`${pid}/${start}/${days}/${format}`, latest, async (kept) => {
        if (format !== "compact") return availabilityJson(db, pid, start, days);
        // The web app's form: brought up to date from the kept answer when the changes allow it.
        const patched = kept && (await patchCompactGrid(db, pid, start, days, kept));
        return patched || compactAvailabilityJson(db, pid, start, days);
      });
      // Thousands of stays are not validated again on every request (sendKept).
      return (await sendKept(request, reply, answer)) as unknown as Availability;
    },
  );
};
