import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, createTestContext, type TestContext } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";

/** Reads SSE frames from a streaming response until `predicate` matches one or the timeout passes. */
async function readEvents(response: Response, predicate: (data: unknown) => boolean, timeoutMs = 5000) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((resolve) =>
          setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (const frame of buffer.split("\n\n")) {
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (data && predicate(JSON.parse(data.slice(6))))
          return { buffer, matched: JSON.parse(data.slice(6)) };
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return { buffer, matched: undefined };
}

for (const backend of backends()) {
  describe(`live change stream [${backend}]`, () => {
    let ctx: TestContext;
    let server: ListeningApp;
    beforeAll(async () => {
      ctx = await createTestContext(backend);
      server = await startListening(backend, {}, ctx.database);
    });
    afterAll(async () => {
      await server?.close();
      await ctx?.app.close();
      await ctx?.database.close();
    });

    it("pushes a committed change to a member's stream", async () => {
      const user = await ctx.signIn();
      const pid = await ctx.propertyOf(user);
      const stream = await fetch(`${server.baseUrl}/api/properties/${pid}/events`, {
        headers: { cookie: user.cookie },
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toContain("text/event-stream");
      const received = readEvents(stream, (d) => (d as { table?: string }).table === "properties");
      const patch = await ctx.request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "Seaside Inn", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(patch.statusCode).toBe(200);
      const { buffer, matched } = await received;
      expect(buffer.startsWith(": connected")).toBe(true);
      expect(matched).toEqual({ propertyId: pid, table: "properties", op: "update", id: pid });
    });

    it("answers 404 to a signed-in non-member and 401 when signed out", async () => {
      const owner = await ctx.signIn();
      const stranger = await ctx.signIn();
      const pid = await ctx.propertyOf(owner);
      const foreign = await fetch(`${server.baseUrl}/api/properties/${pid}/events`, {
        headers: { cookie: stranger.cookie },
      });
      expect(foreign.status).toBe(404);
      const anonymous = await fetch(`${server.baseUrl}/api/properties/${pid}/events`);
      expect(anonymous.status).toBe(401);
    });

    it("does not announce a rolled-back change", async () => {
      const user = await ctx.signIn();
      const pid = await ctx.propertyOf(user);
      const stream = await fetch(`${server.baseUrl}/api/properties/${pid}/events`, {
        headers: { cookie: user.cookie },
      });
      const received = readEvents(stream, () => true, 1500);
      const bad = await ctx.request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "X", currency: "NOPE", timeZone: "Asia/Kolkata" },
      });
      expect(bad.statusCode).toBe(400);
      await ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(`update properties set name = 'Rolled back' where id = '${pid}'` as never);
          throw new Error("rollback");
        })
        .catch(() => {});
      const { matched } = await received;
      expect(matched).toBeUndefined();
    });
  });
}
