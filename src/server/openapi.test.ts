import { expect, it } from "vitest";
import { describeBackends } from "./test/harness.js";

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
      "PATCH /api/properties/:pid/",
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

  it("serves the browsable documentation", async () => {
    const response = await ctx().request("GET", "/api/docs/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
