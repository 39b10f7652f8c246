import { z } from "zod";
import { email, emailListQuery } from "../../../domain/schemas/emails.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { listEmails } from "./service.js";

const tags = ["emails"];

/** Mounted under /api/properties/:pid (membership already checked; owner and manager, route-permissions.ts). */
export const emailRoutes: Module = (app, { db }) => {
  app.get(
    "/emails",
    {
      schema: {
        operationId: "listEmails",
        summary: "The property's emails, newest first: queued, sent, failed, or kept (no mail server set)",
        tags,
        params: propertyParams,
        querystring: emailListQuery,
        response: { 200: z.array(email) },
      },
    },
    async (request) => listEmails(db, request.params.pid, request.query),
  );
};
