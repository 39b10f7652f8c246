/**
 * The OpenAPI document at /api/openapi.json, written to be generated clients from: one error schema, the
 * two ways to authenticate, and the answers every route of a kind can give (the property guard's 401/403/404,
 * the token rate limit's 429, the Idempotency-Key's 422) added here once, so a route's own schema only
 * names what is particular to it: `operationId`, `summary`, `tags`, its body and `errorResponses(409)`.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../domain/errors.js";
import { can, ROLES } from "../../domain/permissions.js";
import { API_TOKEN_RATE_LIMIT_PER_MINUTE } from "../../domain/schemas/api-tokens.js";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { PROPERTY_PREFIX } from "./property-scope.js";
import { routePermission } from "./route-permissions.js";

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** `{"error": {"code", "message"}}`, the body of every 4xx and 5xx; a component named "Error" in the document. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ description: "Stable; see the status for its class" }),
      message: z.string().meta({ description: "For people; a validation message names the field" }),
      fields: z
        .array(
          z.object({
            field: z.string().meta({ description: "The field's path in the request, e.g. checkInDate" }),
            message: z.string().meta({ description: "What is wrong with it, without the field's name" }),
          }),
        )
        .optional()
        .meta({ description: "On 400: every invalid field at once, so a form can mark each of them" }),
    }),
  })
  .meta({ id: "Error", description: "Every failure answers this shape" });

const ERROR_DESCRIPTIONS = {
  400: "Invalid request (code validation); the message names the field",
  401: "Not signed in, or an unknown, revoked or expired API token (code unauthenticated)",
  403: "Signed in, but the role (or the token's role) does not allow this, or a cross-origin browser request (code forbidden)",
  404: "Unknown, or another property's: never revealed which (code not_found)",
  409: "Conflicts with the current state (codes conflict, room_unavailable, invalid_transition, restricted, sold_out, price_changed, in_use)",
  415: "The body is not application/json (code unsupported_media_type)",
  421: "The Host header names a host this server does not answer for (code misdirected)",
  422: "The Idempotency-Key was already used with a different request (code idempotency_key_reused)",
  429: "Too many requests (code rate_limited); retry after Retry-After seconds",
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

type ErrorResponse = {
  description: string;
  content: { "application/json": { schema: typeof errorBodySchema } };
};

/** Response entries for a route schema: `response: { 200: thing, ...errorResponses(404, 409) }`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, ErrorResponse> {
  const entries = statuses.map((status) => [
    status,
    { description: ERROR_DESCRIPTIONS[status], content: { "application/json": { schema: errorBodySchema } } },
  ]);
  return Object.fromEntries(entries) as Record<S, ErrorResponse>;
}

/**
 * The 200 of a server-sent events route: `response: { 200: eventStream("…") }`. The handler writes the
 * stream itself (hijacked), so this only documents it.
 */
export function eventStream(description: string) {
  return { description, content: { "text/event-stream": { schema: z.string() } } };
}

/** Route schemas mark the routes anyone may call with `security: PUBLIC` (health, session). */
export const PUBLIC: Array<Record<string, string[]>> = [];

const SESSION = { sessionCookie: [] };
const TOKEN = { apiToken: [] };

const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .meta({
    description:
      "Makes a retried POST safe: the same key with the same body answers the first answer again and creates " +
      "nothing new; the same key with a different body is 422. 1 to 255 visible ASCII characters.",
  });

const retryAfter = {
  "Retry-After": { type: "integer", description: "Seconds to wait before trying again" },
};

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** Whether some role lacks the route's permission, or the CSRF guard may refuse it: then 403 applies. */
function mayBeForbidden(method: Method, url: string): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  const permission = routePermission(method, url.slice(PROPERTY_PREFIX.length) || "/");
  return permission === undefined || ROLES.some((role) => !can(role, permission));
}

/** The answers a route gives by its kind, whatever its handler does. */
function commonErrors(
  schema: FastifySchema,
  method: Method,
  url: string,
  rateLimited: boolean,
): ErrorStatus[] {
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  const statuses: ErrorStatus[] = [];
  if (schema.body || schema.querystring || schema.params) statuses.push(400);
  if (!isPublic) statuses.push(401);
  // The CSRF guard refuses a body that is not JSON.
  if (schema.body) statuses.push(415);
  if (url.startsWith(PROPERTY_PREFIX)) {
    if (mayBeForbidden(method, url)) statuses.push(403);
    statuses.push(404, 429);
    // Idempotency-Key: a malformed key is 400, one still being answered 409, one used for another request 422.
    if (method === "POST") statuses.push(409, 422);
  } else if (rateLimited) {
    statuses.push(429);
  }
  return statuses;
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** Adds the common answers, the security of property routes and the Idempotency-Key, then converts zod. */
function transform(args: TransformArgs): ReturnType<typeof jsonSchemaTransform> {
  const { schema, url, route } = args;
  if (!schema || schema.hide) return jsonSchemaTransform(args);
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as Method;
  const isProperty = url.startsWith(PROPERTY_PREFIX);
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const extra: Record<string, unknown> = {
    response: {
      ...errorResponses(...commonErrors(schema, method, url, rateLimited)),
      ...(schema.response as object | undefined),
    },
  };
  if (isProperty) extra.security = [SESSION, TOKEN];
  if (isProperty && method === "POST") {
    const headers = schema.headers instanceof z.ZodObject ? schema.headers : z.object({});
    extra.headers = headers.extend({ "Idempotency-Key": idempotencyKey.optional() });
  }
  const result = jsonSchemaTransform({ ...args, schema: { ...schema, ...extra } });
  const responses = result.schema.response as Record<string, Record<string, unknown>> | undefined;
  if (responses?.["429"]) responses["429"].headers = retryAfter;
  return result;
}

type TransformObjectArgs = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * zod's registry gives each named schema an input and an output component ("ErrorInput", "Error"); keeps
 * only those the operations use, directly or through another kept component.
 */
type Document = ReturnType<typeof jsonSchemaTransformObject>;

function transformObject(args: TransformObjectArgs): Document {
  const document = jsonSchemaTransformObject(args) as {
    paths?: unknown;
    components?: Record<string, unknown>;
  };
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const pending = [JSON.stringify(document.paths ?? {})];
  for (let text = pending.pop(); text !== undefined; text = pending.pop()) {
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name) && schemas[name]) {
        used.add(name);
        pending.push(JSON.stringify(schemas[name]));
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as Document;
}

/** Serves the document at /api/openapi.json and the browsable documentation at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Innkeep API",
        version: "1.0.0",
        description: "Hotel property management system",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The browser session, set by signing in (/auth/login).",
          },
          apiToken: {
            type: "http",
            scheme: "bearer",
            description:
              "A property's API token (`ikt_…`), created under /api/properties/{pid}/api-tokens; it acts with " +
              "its role on that property's routes only. Each token may make " +
              `${API_TOKEN_RATE_LIMIT_PER_MINUTE} requests a minute; beyond that it is answered 429 with Retry-After.`,
          },
        },
      },
      security: [SESSION],
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
