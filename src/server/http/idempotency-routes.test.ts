/**
 * The declaration `answerCarriesSecret` (idempotency.ts) cannot be forgotten: every route of the module
 * table whose success answer has a field named like a secret must carry it, or its secret would be stored
 * by the idempotency layer and replayed for 24 hours. A declaration on a route without such a field fails
 * too, so the list stays true.
 */
import Fastify, { type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config.js";
import type { App, ServerContext } from "../context.js";
import { globalModules, propertyModules } from "../modules/index.js";
import { PROPERTY_PREFIX } from "./property-scope.js";

/** Field names that hold a secret: a token, a signing secret, a booking's manageToken, a password, a key. */
const SECRET_FIELD = /secret|token|password|passphrase|api_?key|private_?key/i;

type Route = { name: string; declared: boolean; response: Record<string, unknown> };

/** The routes of the module table with their options, as registered; handlers never run, so no database. */
async function registeredRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  const app = Fastify().withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({
      name: `${methods.join(",")} ${route.url}`,
      declared: route.config?.answerCarriesSecret !== undefined,
      response: (route.schema?.response ?? {}) as Record<string, unknown>,
    });
  });
  const context = { config: loadConfig({ LOG_LEVEL: "silent" }) } as ServerContext;
  for (const module of globalModules) await module(app as unknown as App, context);
  await app.register(
    async (scoped) => {
      for (const module of propertyModules) await module(scoped as unknown as App, context);
    },
    { prefix: PROPERTY_PREFIX },
  );
  await app.ready();
  await app.close();
  return routes;
}

/** The zod schemas of one response entry: the schema itself, or those of its `content` (eventStream). */
function schemasOf(entry: unknown): z.ZodType[] {
  if (entry instanceof z.ZodType) return [entry];
  const content = (entry as { content?: Record<string, { schema?: unknown }> } | null)?.content ?? {};
  return Object.values(content).flatMap(({ schema }) => (schema instanceof z.ZodType ? [schema] : []));
}

/** Every property name in a JSON Schema, at any depth (objects, arrays, unions, definitions). */
function propertyNames(node: unknown, names = new Set<string>()): Set<string> {
  if (node === null || typeof node !== "object") return names;
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && value && typeof value === "object") {
      for (const name of Object.keys(value)) names.add(name);
    }
    propertyNames(value, names);
  }
  return names;
}

function secretFields(route: Route): string[] {
  const successes = Object.entries(route.response).filter(([status]) => /^2\d\d$/.test(status));
  const names = new Set<string>();
  for (const [, entry] of successes) {
    for (const schema of schemasOf(entry)) {
      propertyNames(z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }), names);
    }
  }
  return [...names].filter((name) => SECRET_FIELD.test(name)).sort();
}

it("requires answerCarriesSecret on exactly the routes whose success answer has a secret field", async () => {
  const routes = await registeredRoutes();
  expect(routes.length).toBeGreaterThan(40);
  const withSecrets = routes.filter((route) => secretFields(route).length > 0);
  // The walk itself works: the two known secret answers are found, with the fields that carry them.
  expect(Object.fromEntries(withSecrets.map((route) => [route.name, secretFields(route)]))).toMatchObject({
    [`POST ${PROPERTY_PREFIX}/api-tokens`]: ["token"],
    [`POST ${PROPERTY_PREFIX}/webhooks`]: ["secret"],
  });
  for (const route of routes) {
    const fields = secretFields(route);
    expect(route.declared, `${route.name} answers ${fields.join(", ") || "no secret field"}`).toBe(
      fields.length > 0,
    );
  }
});
