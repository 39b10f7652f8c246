import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  invoice,
  invoiceCreateInput,
  invoiceEmailInput,
  invoiceExportQuery,
  invoiceListQuery,
  invoiceParams,
  invoicePdfQuery,
  queuedEmail,
} from "../../../domain/schemas/invoices.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf } from "../activity/index.js";
import { emailInvoice } from "./email.js";
import { invoicesCsv } from "./export.js";
import { getInvoiceForGuest } from "./guest-language.js";
import { pdfFileName, renderInvoicePdf } from "./pdf.js";
import { creditInvoice, getInvoice, issueInvoice, listInvoices, listStayInvoices } from "./service.js";

const tags = ["invoices"];
const pdfFile = z.string().meta({ description: "The invoice or credit note as a PDF (fonts embedded)" });

/** Mounted under /api/properties/:pid (membership already checked). */
export const invoiceRoutes: Module = (app, { db, now, config }) => {
  app.post(
    "/reservations/:id/invoices",
    {
      schema: {
        operationId: "issueInvoice",
        summary: "Issue an invoice of every folio line not yet on one (409 nothing_to_invoice)",
        tags,
        params: resourceParams,
        body: invoiceCreateInput,
        response: { 201: invoice, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { pid, id } = request.params;
      const issued = await issueInvoice(db, pid, id, actorOf(request), request.body ?? {}, now());
      return reply.status(201).send(issued);
    },
  );

  app.get(
    "/reservations/:id/invoices",
    {
      schema: {
        operationId: "listStayInvoices",
        summary: "A stay's invoices and credit notes, as issued",
        tags,
        params: resourceParams,
        response: { 200: z.array(invoice) },
      },
    },
    async (request) => listStayInvoices(db, request.params.pid, request.params.id),
  );

  app.get(
    "/invoices",
    {
      schema: {
        operationId: "listInvoices",
        summary: "The register of invoices and credit notes, newest first",
        tags,
        params: propertyParams,
        querystring: invoiceListQuery,
        response: { 200: z.array(invoice) },
      },
    },
    async (request) => listInvoices(db, request.params.pid, request.query),
  );

  app.get(
    "/exports/invoices.csv",
    {
      schema: {
        operationId: "exportInvoicesCsv",
        summary: "Every invoice and credit note matching the register's filters, as CSV",
        tags,
        params: propertyParams,
        querystring: invoiceExportQuery,
        produces: ["text/csv"],
        response: { 200: z.string().meta({ description: "RFC 4180 CSV, UTF-8 with a byte-order mark" }) },
      },
    },
    async (request, reply) => {
      const stream = await invoicesCsv(db, request.params.pid, request.query);
      const { from, to } = request.query;
      const name = `invoices${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv`;
      // The schema describes the bytes sent; Fastify pipes a stream as it is (the type provider expects text).
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(stream as unknown as string);
    },
  );

  app.get(
    "/invoices/:id",
    {
      schema: {
        operationId: "getInvoice",
        summary: "An invoice or credit note",
        tags,
        params: invoiceParams,
        response: { 200: invoice },
      },
    },
    async (request) => getInvoice(db, request.params.pid, request.params.id),
  );

  app.get(
    "/invoices/:id/pdf",
    {
      schema: {
        operationId: "getInvoicePdf",
        summary:
          "An invoice or credit note as a PDF, in its guest's language unless `language` names another",
        tags,
        params: invoiceParams,
        querystring: invoicePdfQuery,
        produces: ["application/pdf"],
        response: { 200: pdfFile },
      },
    },
    async (request, reply) => {
      const { invoice: document, language } = await getInvoiceForGuest(
        db,
        request.params.pid,
        request.params.id,
      );
      const pdf = await renderInvoicePdf(document, request.query.language ?? language);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${pdfFileName(document)}"`)
        .send(pdf as unknown as string);
    },
  );

  app.post(
    "/invoices/:id/credit-note",
    {
      schema: {
        operationId: "creditInvoice",
        summary: "Credit an invoice in full with a credit note (its lines can be invoiced again)",
        tags,
        params: invoiceParams,
        response: { 201: invoice, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const note = await creditInvoice(db, request.params.pid, request.params.id, actorOf(request), now());
      return reply.status(201).send(note);
    },
  );

  app.post(
    "/invoices/:id/email",
    {
      schema: {
        operationId: "emailInvoice",
        summary:
          "Email an invoice or credit note with its PDF: queued for the mail server, or kept when none is set",
        tags,
        params: invoiceParams,
        body: invoiceEmailInput,
        response: { 202: queuedEmail },
      },
    },
    async (request, reply) => {
      const { pid, id } = request.params;
      const queued = await emailInvoice(db, pid, id, request.body.to, actorOf(request), config.mail !== null);
      return reply.status(202).send(queued);
    },
  );
};
