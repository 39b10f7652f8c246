import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { product, productCreateInput, productUpdateInput } from "../../../domain/schemas/products.js";
import type { Module } from "../../context.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { createProduct, deleteProduct, listProducts, updateProduct } from "./service.js";

const tags = ["products"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const productRoutes: Module = (app, { db }) => {
  app.get(
    "/products",
    {
      schema: {
        operationId: "listProducts",
        summary: "The products the desk sells (breakfast, parking)",
        tags,
        params: propertyParams,
        response: { 200: z.array(product) },
      },
    },
    async (request) => listProducts(db, request.params.pid),
  );

  app.post(
    "/products",
    {
      schema: {
        operationId: "createProduct",
        summary: "Create a product",
        tags,
        params: propertyParams,
        body: productCreateInput,
        response: { 201: product },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduct(db, request.params.pid, actorOf(request), request.body)),
  );

  app.patch(
    "/products/:id",
    {
      schema: {
        operationId: "updateProduct",
        summary: "Change a product (posted lines keep what they were posted with)",
        tags,
        params: resourceParams,
        body: productUpdateInput,
        response: { 200: product },
      },
    },
    async (request) => updateProduct(db, recordTarget(request), request.body),
  );

  app.delete(
    "/products/:id",
    {
      schema: {
        operationId: "deleteProduct",
        summary: "Delete a product (posted lines keep their description and amounts)",
        tags,
        params: resourceParams,
        response: { 200: product },
      },
    },
    async (request) => deleteProduct(db, recordTarget(request)),
  );
};
