/**
 * One session or API token holds at most MAX_STREAMS_PER_CREDENTIAL live streams on an instance: the next
 * is refused 429 with Retry-After, others' streams are not affected, and closing one frees its place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EventStream, openEventStream } from "../test/event-stream.js";
import { backends, createTestContext, type TestContext } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";
import { MAX_STREAMS_PER_CREDENTIAL } from "./sse.js";

for (const backend of backends()) {
  describe(`live streams per sign-in [${backend}]`, () => {
    let ctx: TestContext;
    let server: ListeningApp;
    const open: EventStream[] = [];
    beforeAll(async () => {
      ctx = await createTestContext(backend);
      server = await startListening(backend, {}, ctx.database);
    });
    afterAll(async () => {
      for (const stream of open) stream.close();
      await server?.close();
      await ctx?.app.close();
      await ctx?.database.close();
    });

    it("refuses a session's stream beyond the cap, and frees a place when one closes", async () => {
      const clerk = await ctx.signIn();
      const pid = await ctx.propertyOf(clerk);
      const url = `${server.baseUrl}/api/properties/${pid}/events`;
      for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++)
        open.push(await openEventStream(url, clerk.cookie));

      const refused = await fetch(url, { headers: { cookie: clerk.cookie } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatchObject({
        code: "rate_limited",
        message: expect.stringContaining(`At most ${MAX_STREAMS_PER_CREDENTIAL} live streams`),
      });

      // Another sign-in of the same person, and an API token, have places of their own.
      const laptop = await ctx.signIn(clerk.email);
      open.push(await openEventStream(url, laptop.cookie));
      const made = await ctx.request("POST", `/api/properties/${pid}/api-tokens`, {
        as: clerk,
        body: { name: "Listener", role: "housekeeping" },
      });
      const bearer = { authorization: `Bearer ${made.json().token}` };
      for (let i = 0; i < MAX_STREAMS_PER_CREDENTIAL; i++) open.push(await openEventStream(url, "", bearer));
      expect((await fetch(url, { headers: bearer })).status).toBe(429);

      // Closing one of the session's streams gives its place back once the server sees it go.
      open[0]?.close();
      await expect
        .poll(
          async () => {
            const response = await fetch(url, { headers: { cookie: clerk.cookie } });
            await response.body?.cancel();
            return response.status;
          },
          { timeout: 5_000 },
        )
        .toBe(200);
    });
  });
}
