import { expect, it } from "vitest";
import { describeBackends, type TestContext } from "./test/harness.js";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, Record<string, string>>; schemas?: Record<string, unknown> };
};

/** `GET /api/health`: it answers whatever the Host, takes no input and needs no sign-in: no 4xx applies. */
const WITHOUT_CLIENT_ERRORS = new Set(["get /api/health"]);

async function openApiDocument(ctx: () => TestContext): Promise<Document> {
  const response = await ctx().request("GET", "/api/openapi.json");
  expect(response.statusCode).toBe(200);
  return response.json() as Document;
}

function operations(document: Document): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method} ${path}`,
      operation,
    ]),
  );
}

describeBackends("OpenAPI document", (ctx) => {
  it("documents every API route the server registers", async () => {
    const response = await ctx().request("GET", "/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      ),
    );
    for (const path of [
      "GET /api/session",
      "GET /api/property",
      "GET /api/properties/:pid",
      "PATCH /api/properties/:pid",
      "GET /api/properties/:pid/room-types",
      "POST /api/properties/:pid/room-types",
      "GET /api/properties/:pid/rooms",
      "POST /api/properties/:pid/rooms",
      "PATCH /api/properties/:pid/rooms/:id",
      "GET /api/properties/:pid/reservations",
      "POST /api/properties/:pid/reservations",
      "PATCH /api/properties/:pid/reservations/:id",
      "GET /api/properties/:pid/rate-overrides",
      "POST /api/properties/:pid/rate-overrides",
      "GET /api/properties/:pid/availability",
      "GET /api/properties/:pid/reports/occupancy",
      "GET /api/properties/:pid/reports/occupancy/daily",
      "PATCH /api/properties/:pid/room-types/:id",
      "DELETE /api/properties/:pid/room-types/:id",
      "DELETE /api/properties/:pid/rooms/:id",
      "PATCH /api/properties/:pid/rate-overrides/:id",
      "DELETE /api/properties/:pid/rate-overrides/:id",
      "POST /api/properties/:pid/rate-overrides/bulk",
      "GET /api/properties/:pid/exports/reservations.csv",
      "GET /api/properties/:pid/exports/occupancy.csv",
      "GET /api/properties/:pid/events",
      "GET /api/admin/properties",
      "GET /api/health",
    ]) {
      expect(documented, path).toContain(path);
    }
  });

  it("names, summarises and tags every operation, with at least one 4xx in the shared error shape", async () => {
    const all = operations(await openApiDocument(ctx));
    const ids = all.map(([, operation]) => operation.operationId).filter((id) => id !== undefined);
    expect(new Set(ids).size, "operationIds are unique").toBe(ids.length);
    for (const [name, operation] of all) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      const clientErrors = Object.keys(operation.responses ?? {}).filter((status) => /^4\d\d$/.test(status));
      if (WITHOUT_CLIENT_ERRORS.has(name)) continue;
      expect(clientErrors.length, name).toBeGreaterThan(0);
      for (const status of clientErrors) {
        const schema = operation.responses?.[status]?.content?.["application/json"]?.schema;
        expect(schema, `${name} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("has no path with a trailing slash", async () => {
    for (const path of Object.keys((await openApiDocument(ctx)).paths)) expect(path).not.toMatch(/.\/$/);
  });

  it("declares the session cookie and the bearer token, and which operations take which", async () => {
    const document = await openApiDocument(ctx);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie", name: "innkeep_session" },
      apiToken: { type: "http", scheme: "bearer" },
    });
    const all = new Map(operations(document));
    expect(all.get("get /api/health")?.security).toEqual([]);
    expect(all.get("get /api/session")?.security).toEqual([]);
    expect(all.get("get /api/properties/{pid}/reservations")?.security).toEqual([
      { sessionCookie: [] },
      { apiToken: [] },
    ]);
    // Anything else falls back to the document's default: the session cookie.
    expect(all.get("get /api/property")?.security).toBeUndefined();
    expect((document as { security?: unknown }).security).toEqual([{ sessionCookie: [] }]);
  });

  it("documents Idempotency-Key and its 422 on every POST under a property", async () => {
    const posts = operations(await openApiDocument(ctx)).filter(([name]) =>
      name.startsWith("post /api/properties/{pid}"),
    );
    expect(posts.length).toBeGreaterThan(5);
    for (const [name, operation] of posts) {
      expect(operation.parameters, name).toContainEqual(
        expect.objectContaining({ in: "header", name: "Idempotency-Key" }),
      );
      expect(Object.keys(operation.responses ?? {}), name).toContain("422");
    }
  });

  it("serves the browsable documentation", async () => {
    const response = await ctx().request("GET", "/api/docs/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
