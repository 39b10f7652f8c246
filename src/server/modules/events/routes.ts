import { z } from "zod";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { eventStream } from "../../http/openapi.js";
import { streamAccess, streamEvents } from "../../live/sse.js";
import { openPropertyStream, RESUME_LIMIT } from "./service.js";

const lastEventId = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const eventsQuery = z.strictObject({ lastEventId: z.string().max(20).optional() });

/** Mounted under /api/properties/:pid: the live change stream of one property (SSE). */
export const eventRoutes: Module = (app, { feed }) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["live"],
        operationId: "streamPropertyEvents",
        summary: "The property's changes as server-sent events, resumable with Last-Event-ID",
        description:
          "Each `change` event carries `{seq, type, propertyId, entityType, entityId, occurredAt}` and `id: <seq>`. " +
          `Reconnecting with \`Last-Event-ID\` (or \`?lastEventId=\`) replays up to ${RESUME_LIMIT} missed events; ` +
          "a client further behind receives `event: reset` and should refetch.",
        params: propertyParams,
        querystring: eventsQuery,
        response: { 200: eventStream("`change` events with ids; `reset` when a resume is impossible") },
      },
    },
    (request, reply) => {
      const { pid } = request.params;
      // Browsers resend the last `id:` as Last-Event-ID when they reconnect; a client reopening a stream
      // itself cannot set headers, so the query may carry it instead.
      const header = request.headers["last-event-id"];
      const given = lastEventId.safeParse(typeof header === "string" ? header : request.query.lastEventId);
      // The membership guard has run: the caller is a member, with a role.
      const role = request.membership?.role ?? "housekeeping";
      streamEvents(request, reply, streamAccess(request, pid), (write) =>
        openPropertyStream(feed, pid, role, given.success ? given.data : undefined, write),
      );
    },
  );
};
