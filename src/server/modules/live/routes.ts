import { propertyParams } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { streamAccess, streamEvents } from "../../live/sse.js";

/** Mounted under /api/properties/:pid: the live change stream of one property (SSE). */
export const liveRoutes: Module = (app, { feed }) => {
  app.get("/events", { schema: { tags: ["live"], params: propertyParams } }, (request, reply) => {
    const { pid } = request.params;
    streamEvents(request, reply, streamAccess(request, pid), (send) => feed.subscribe(pid, send));
  });
};
