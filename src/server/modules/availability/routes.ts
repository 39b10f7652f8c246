import { z } from "zod";
import {
  type Availability,
  availability,
  availabilityQuery,
  compactAvailability,
} from "../../../domain/schemas/availability.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { keptEncodingFor } from "../../http/compression.js";
import { latestEventSeq } from "../../live/outbox.js";
import { patchCompactGrid } from "./compact-patch.js";
import { GridCache } from "./grid-cache.js";
import { availabilityJson, compactAvailabilityJson } from "./service.js";

const tags = ["availability"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const availabilityRoutes: Module = (app, { db }) => {
  // One per server: answers are kept between changes (grid-cache.ts, decision 021).
  const cache = new GridCache();
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
      // Already JSON (see availabilityJson): a string with a JSON content type is sent unchanged, so the
      // zod schema above documents this answer without re-validating thousands of stays on every request.
      reply.type("application/json; charset=utf-8");
      const encoding = keptEncodingFor(request.headers["accept-encoding"]);
      const encoded = encoding ? answer.encoded(encoding) : undefined;
      if (!encoding || !encoded) return answer.json as unknown as Availability;
      // Compressed once per answer and kept with it; @fastify/compress leaves an encoded answer alone.
      reply.header("content-encoding", encoding).header("vary", "accept-encoding");
      return (await encoded) as unknown as Availability;
    },
  );
};
