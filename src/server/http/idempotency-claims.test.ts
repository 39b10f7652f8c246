/**
 * The claim protocol of idempotency.ts on a bare Fastify app whose one route does what each test needs:
 * failures give the key back, a wait that runs out is 409, what is stored is the text before compression,
 * and expired keys are purged at most once a minute.
 */
import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../domain/errors.js";
import type { Database } from "../db/connect.js";
import { backends, openTestDatabase } from "../test/harness.js";
import { queryRows } from "../test/manager.js";
import { registerErrorHandling } from "./errors.js";
import { registerIdempotency } from "./idempotency.js";

type Outcome = { status: number; body?: unknown };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function buildBareApp(database: Database, run: () => Promise<Outcome>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(compress, { encodings: ["gzip"], threshold: 1 });
  app.decorateRequest("user", null);
  app.decorateRequest("apiToken", null);
  app.addHook("onRequest", async (request) => {
    const id = request.headers["x-user"];
    if (typeof id === "string") request.user = { id, email: null, displayName: null, isAdmin: false };
  });
  await app.register(async (scoped) => {
    registerIdempotency(scoped, database.db, { waitMs: 200 });
    scoped.post("/things", { schema: { body: z.object({ name: z.string() }) } }, async (_request, reply) => {
      const { status, body } = await run();
      return reply.status(status).send(body);
    });
  });
  await app.ready();
  return app;
}

for (const backend of backends()) {
  describe(`idempotency claims [${backend}]`, () => {
    let database: Database;
    let app: Awaited<ReturnType<typeof buildBareApp>>;
    let run: () => Promise<Outcome>;
    let calls = 0;
    let user = "";

    beforeAll(async () => {
      database = await openTestDatabase(backend);
    });
    afterAll(async () => database.close());
    beforeEach(async () => {
      calls = 0;
      user = randomUUID();
      app = await buildBareApp(database, () => {
        calls++;
        return run();
      });
    });
    afterEach(async () => app.close());

    const send = (key: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/things",
        headers: { "x-user": user, "idempotency-key": key, ...headers },
        payload: { name: "one" },
      });
    const rows = (principal = `user:${user}`) =>
      queryRows<{ key: string; response_status: number | null; response_body: string | null }>(
        database.db,
        sql`select key, response_status, response_body from idempotency_keys where principal = ${principal}`,
      );

    it.each([
      ["an unexpected error (500)", new Error("boom"), 500],
      ["503 unavailable", new AppError("unavailable", "Try later"), 503],
      ["429 rate limited", new AppError("rate_limited", "Slow down"), 429],
    ])("gives the key back after %s, so a retry runs", async (_name, error, status) => {
      run = async () => {
        throw error;
      };
      expect((await send("retry")).statusCode).toBe(status);
      expect(await rows()).toEqual([]);
      run = async () => ({ status: 201, body: { ok: true } });
      const retry = await send("retry");
      expect(retry.statusCode).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBeUndefined();
      expect(calls).toBe(2);
    });

    it("answers 409 when the first request outlasts the wait, then replays its answer", async () => {
      run = async () => {
        await sleep(600);
        return { status: 201, body: { ok: true } };
      };
      const first = send("slow");
      await sleep(50);
      const second = await send("slow");
      if (backend !== "pglite") {
        expect(second.statusCode).toBe(409);
        expect(second.json().error).toEqual({
          code: "conflict",
          message: "A request with this Idempotency-Key is still being processed",
        });
      } else {
        // PGlite's one connection serialises the two transactions: the second waits and replays.
        expect([second.statusCode, second.headers["idempotent-replayed"]]).toEqual([201, "true"]);
      }
      expect((await first).statusCode).toBe(201);
      const third = await send("slow");
      expect([third.statusCode, third.headers["idempotent-replayed"]]).toEqual([201, "true"]);
      expect(calls).toBe(1);
    });

    it("stores the serialized text, not the compressed stream, and replays it compressed or not", async () => {
      const body = { items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) };
      run = async () => ({ status: 201, body });
      const first = await send("big", { "accept-encoding": "gzip" });
      expect(first.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(zlib.gunzipSync(first.rawPayload).toString())).toEqual(body);
      expect(await rows()).toEqual([
        { key: "big", response_status: 201, response_body: JSON.stringify(body) },
      ]);
      const zipped = await send("big", { "accept-encoding": "gzip" });
      expect(zipped.headers["idempotent-replayed"]).toBe("true");
      expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString())).toEqual(body);
      expect((await send("big")).json()).toEqual(body);
      expect(calls).toBe(1);
    });

    it("replays an answer without a body", async () => {
      run = async () => ({ status: 204 });
      expect((await send("empty")).statusCode).toBe(204);
      const replayed = await send("empty");
      expect([replayed.statusCode, replayed.body, replayed.headers["idempotent-replayed"]]).toEqual([
        204,
        "",
        "true",
      ]);
      expect(calls).toBe(1);
    });

    it("deletes expired keys on a keyed request, at most once a minute per instance", async () => {
      const stale = `user:${randomUUID()}`;
      const insertExpired = (key: string) =>
        database.db.execute(sql`insert into idempotency_keys (principal, key, request_hash, created_at)
          values (${stale}, ${key}, 'x', now() - interval '25 hours')`);
      run = async () => ({ status: 201, body: { ok: true } });
      await insertExpired("a");
      await send("first");
      expect(await rows(stale)).toEqual([]);
      await insertExpired("b");
      await send("second");
      expect((await rows(stale)).map((row) => row.key)).toEqual(["b"]);
    });
  });
}
