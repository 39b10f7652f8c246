/**
 * Every input that sizes work is bounded (docs/product.md#bounds), proven from the server's own OpenAPI
 * document so a new route or field is covered without editing this file: every number has a maximum, every
 * list a most items, every text a longest length (or a format, list of values or pattern); every date is a
 * dated input this file knows, whose range is refused one day beyond its bound (400 naming the field, nothing
 * written) and taken at the bound; no date may pass the last one. A burst of such requests cannot
 * hold `GET /api/health` beyond 100 ms: on PGlite one long statement would stall every hotel on the server.
 */
import { performance } from "node:perf_hooks";
import { beforeAll, expect, it } from "vitest";
import { LIMITS } from "../../domain/constants.js";
import {
  BLOCK_RANGE,
  BULK_RATE_RANGE,
  type DateRangeRule,
  REPORT_WINDOW,
  STAY_RANGE,
} from "../../domain/date-ranges.js";
import { addDays } from "../../domain/dates.js";
import { PROPERTY_PREFIX } from "../app.js";
import {
  createTenant,
  describeTenants,
  errorOf,
  freshUrlFor,
  type Route,
  routeTable,
  rowCounts,
  send,
  type Tenant,
} from "./support.js";

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maximum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** A dated input: its date fields (a range's start and end, or one date), where they go, the rest of it. */
type Dated = {
  in: "query" | "body" | "path";
  fields: readonly [string] | readonly [string, string];
  rule?: DateRangeRule;
  rest?: (t: Tenant) => Record<string, unknown>;
};

/** Keyed as `METHOD /path below the property`. A dated input missing here fails the first test. */
const DATED: Record<string, Dated> = {
  "GET /availability": { in: "query", fields: ["start"], rest: () => ({ days: 15 }) },
  "GET /quote": { in: "query", fields: ["checkInDate", "checkOutDate"], rule: STAY_RANGE },
  "GET /quote/rooms": { in: "query", fields: ["checkInDate", "checkOutDate"], rule: STAY_RANGE },
  "GET /rate-overrides": { in: "query", fields: ["from", "to"], rule: REPORT_WINDOW },
  "POST /rate-overrides": {
    in: "body",
    fields: ["date"],
    rest: (t) => ({ roomTypeId: t.roomTypeId, price: 1 }),
  },
  "POST /rate-overrides/bulk": {
    in: "body",
    fields: ["from", "to"],
    rule: BULK_RATE_RANGE,
    rest: (t) => ({ roomTypeIds: [t.roomTypeId], price: 1 }),
  },
  "POST /reservations": {
    in: "body",
    fields: ["checkInDate", "checkOutDate"],
    rule: STAY_RANGE,
    rest: (t) => ({ roomId: t.roomId }),
  },
  "PATCH /reservations/:id": { in: "body", fields: ["checkInDate", "checkOutDate"], rule: STAY_RANGE },
  "POST /guests": { in: "body", fields: ["dateOfBirth"], rest: () => ({ name: "Dated guest" }) },
  "PATCH /guests/:id": { in: "body", fields: ["dateOfBirth"] },
  "POST /reservations/:id/charges": {
    in: "body",
    fields: ["date"],
    rest: () => ({ description: "Dated charge", quantity: 1, unitPrice: 10 }),
  },
  // A window of the register: the page's `limit` bounds the work, whatever its length.
  "GET /invoices": { in: "query", fields: ["from", "to"] },
  "GET /exports/invoices.csv": { in: "query", fields: ["from", "to"] },
  "GET /day-closes": { in: "query", fields: ["from", "to"] },
  "POST /day-closes": { in: "body", fields: ["date"] },
  "GET /day-closes/:date": { in: "path", fields: ["date"] },
  "GET /room-blocks": { in: "query", fields: ["start", "end"], rule: REPORT_WINDOW },
  "POST /room-blocks": {
    in: "body",
    fields: ["startDate", "endDate"],
    rule: BLOCK_RANGE,
    rest: (t) => ({ roomId: t.roomId, reason: "Bounds" }),
  },
  "GET /reports/occupancy": { in: "query", fields: ["from", "to"], rule: REPORT_WINDOW },
  "GET /reports/occupancy/daily": { in: "query", fields: ["from", "to"], rule: REPORT_WINDOW },
  "GET /exports/occupancy.csv": { in: "query", fields: ["from", "to"], rule: REPORT_WINDOW },
  // The booking engine's stays, outside the property scope: their range (the stay rule) is tested on the
  // public API itself (src/server/modules/public-booking/public-booking.test.ts).
  "GET /api/public/properties/:code/offers": { in: "query", fields: ["checkIn", "checkOut"] },
  "POST /api/public/properties/:code/bookings": {
    in: "body",
    fields: ["checkIn", "checkOut"],
    rest: (t) => ({
      adults: 1,
      roomTypeId: t.roomTypeId,
      ratePlanId: t.roomTypeId,
      expectedTotal: 1,
      guest: { name: "Dated guest", email: "dated@example.com", phone: "", country: "" },
    }),
  },
};

/** Every unbounded number, list and text of an operation's inputs, and its date fields. */
function inspect(document: Document, operation: Operation) {
  const unbounded: string[] = [];
  const dates: string[] = [];
  const walk = (schema: Schema | undefined, where: string, name: string): void => {
    if (!schema) return;
    if (schema.$ref) {
      walk(document.components?.schemas?.[schema.$ref.split("/").pop() ?? ""], where, name);
      return;
    }
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
      walk(part, where, name);
    }
    const { type } = schema;
    if ((type === "number" || type === "integer") && schema.maximum === undefined) {
      if (schema.exclusiveMaximum === undefined) unbounded.push(`${where} (number without a maximum)`);
    }
    if (type === "array") {
      if (schema.maxItems === undefined) unbounded.push(`${where} (list without maxItems)`);
      walk(schema.items, `${where}[]`, name);
    }
    if (type === "string") {
      if (schema.format === "date") dates.push(name);
      const bounded =
        schema.maxLength !== undefined ||
        schema.enum !== undefined ||
        schema.const !== undefined ||
        schema.pattern !== undefined ||
        ["date", "date-time", "uuid", "email"].includes(schema.format ?? "");
      if (!bounded) unbounded.push(`${where} (text without maxLength)`);
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      walk(property, `${where}.${key}`, key);
    }
  };
  for (const parameter of operation.parameters ?? []) {
    walk(parameter.schema, `${parameter.in} ${parameter.name}`, parameter.name);
  }
  walk(operation.requestBody?.content["application/json"]?.schema, "body", "body");
  return { unbounded, dates };
}

const HTTP_METHODS = ["get", "post", "put", "patch", "delete"];

describeTenants("every input that sizes work is bounded", (ctx) => {
  let document: Document;
  let tenant: Tenant;
  let routes: Route[];

  beforeAll(async () => {
    document = JSON.parse((await send(ctx().app, { method: "GET", url: "/api/openapi.json" })).body);
    routes = routeTable(ctx().app).filter((route) => route.url.startsWith(PROPERTY_PREFIX));
    tenant = await createTenant(ctx(), routes);
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  const keyOfPath = (method: string, path: string) =>
    `${method} ${path.replace("/api/properties/{pid}", "").replace(/\{(\w+)\}/g, ":$1") || "/"}`;

  it("finds a bound on every number, list and text of every operation, and knows every dated input", () => {
    const unbounded: string[] = [];
    const dated: Record<string, string[]> = {};
    for (const { method, path, operation } of operations()) {
      const found = inspect(document, operation);
      unbounded.push(...found.unbounded.map((what) => `${method} ${path}: ${what}`));
      if (found.dates.length > 0) dated[keyOfPath(method, path)] = found.dates.sort();
    }
    expect(operations().length).toBeGreaterThan(40);
    expect(unbounded).toEqual([]);
    expect(dated).toEqual(
      Object.fromEntries(Object.entries(DATED).map(([key, input]) => [key, [...input.fields].sort()])),
    );
  });

  /** The request of a dated input with its dates set; a fresh target for routes that use theirs up. */
  async function request(key: string, dates: string[]) {
    const input = DATED[key];
    if (!input) throw new Error(`no dated input ${key}`);
    const [method = "GET", path = "/"] = key.split(" ");
    // A public route is refused on its input before its property is looked up: any code will do.
    const base = path.startsWith("/api/public/")
      ? path.replace(":code", "BOUNDS")
      : ((await freshUrlFor(ctx(), { method, url: `${PROPERTY_PREFIX}${path}` }, tenant)).split("?")[0] ??
        "");
    const values: Record<string, unknown> = { ...input.rest?.(tenant) };
    input.fields.forEach((field, i) => {
      values[field] = dates[i];
    });
    if (input.in === "path") {
      return { method, url: base.replace(/[^/]+$/, String(dates[0])), cookie: tenant.user.cookie };
    }
    if (input.in === "query") {
      const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
      return { method, url: `${base}?${query}`, cookie: tenant.user.cookie };
    }
    return { method, url: base, cookie: tenant.user.cookie, body: values };
  }

  /** Dates of a range under `rule` starting on `start`, spanning `days` days. */
  const range = (rule: DateRangeRule, start: string, days: number) => [
    start,
    addDays(start, days - (rule.inclusive ? 1 : 0)),
  ];

  const ranges = Object.entries(DATED).filter(([, input]) => input.rule !== undefined);

  it.each(ranges)("%s: refuses one day beyond its bound, at once and writing nothing", async (key, input) => {
    const rule = input.rule as DateRangeRule;
    const tooLong = await request(key, range(rule, "2041-01-01", rule.maxDays + 1));
    const before = await rowCounts(ctx().database.db);
    const answer = await send(ctx().app, tooLong);
    expect(answer.status, answer.body).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: "validation",
      message: `${input.fields[1]}: ${rule.tooLong}`,
      fields: [{ field: input.fields[1], message: rule.tooLong }],
    });
    expect(await rowCounts(ctx().database.db)).toEqual(before);
  });

  it.each(ranges)("%s: takes the longest range its bound allows", async (key, input) => {
    const rule = input.rule as DateRangeRule;
    // Each route its own years, clear of the others' stays and blocks.
    const start = addDays("2042-01-01", ranges.findIndex(([other]) => other === key) * 800);
    const answer = await send(ctx().app, await request(key, range(rule, start, rule.maxDays)));
    expect(answer.status, answer.body).toBeLessThan(300);
  });

  it.each(Object.keys(DATED))("%s: refuses a date after the last one", async (key) => {
    const input = DATED[key] as Dated;
    const after = addDays(LIMITS.latestDate, 1);
    const dates = input.fields.length === 2 ? [LIMITS.latestDate, after] : [after];
    const late = await request(key, dates);
    const before = await rowCounts(ctx().database.db);
    const answer = await send(ctx().app, late);
    expect(answer.status, answer.body).toBe(400);
    expect(errorOf(answer)?.message).toBe(
      `${input.fields[input.fields.length - 1]}: must be on or before ${LIMITS.latestDate}`,
    );
    expect(await rowCounts(ctx().database.db)).toEqual(before);
  });

  it("answers GET /api/health within 100 ms while far too long ranges are being sent", async () => {
    const hostile = await Promise.all(
      ranges.map(([key, input]) => request(key, ["2041-01-01", "2099-12-31"].slice(0, input.fields.length))),
    );
    const health = { method: "GET", url: "/api/health" };
    // Once first, so that compiling each route's validation the first time is not what is measured.
    await Promise.all([...hostile.map((each) => send(ctx().app, each)), send(ctx().app, health)]);
    const burst = hostile.map((each) => send(ctx().app, each));
    const started = performance.now();
    const probe = await send(ctx().app, health);
    const elapsed = performance.now() - started;
    const answers = await Promise.all(burst);
    expect(probe.status).toBe(200);
    expect(elapsed, `health answered in ${elapsed.toFixed(1)} ms`).toBeLessThan(100);
    expect(answers.map((answer) => answer.status)).toEqual(hostile.map(() => 400));
  });
});
