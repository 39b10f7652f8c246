/**
 * Webhooks end to end, with a real HTTP receiver on loopback: subscriptions, signed in-order delivery,
 * retries, isolation from slow receivers, redelivery, and two server instances sharing one database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookEvent } from "../../../domain/schemas/webhooks.js";
import {
  backends,
  createTestContext,
  TEST_ADMIN,
  type TestContext,
  type TestUser,
} from "../../test/harness.js";
import { type Receiver, signatureValid, startReceiver } from "../../test/receiver.js";

const FAST = { retryBaseMs: 100, maxBackoffMs: 400, pollMs: 200, timeoutMs: 2_000 };
const ALLOW = { WEBHOOKS_ALLOW_PRIVATE: "1" };

type Hook = { id: string; secret: string };

for (const backend of backends()) {
  describe(`webhooks [${backend}]`, () => {
    let ctx: TestContext;
    let owner: TestUser;
    let pid: string;
    const receivers: Receiver[] = [];
    beforeAll(async () => {
      ctx = await createTestContext(backend, ALLOW, { webhooks: FAST });
    });
    afterAll(async () => {
      await ctx?.app.close();
      await ctx?.database.close();
    });
    afterEach(async () => {
      await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    });

    async function freshHotel() {
      owner = await ctx.signIn();
      pid = await ctx.propertyOf(owner);
    }
    async function receiver() {
      const started = await startReceiver();
      receivers.push(started);
      return started;
    }
    async function subscribe(url: string, events: string[] = ["*"]): Promise<Hook> {
      const response = await ctx.request("POST", `/api/properties/${pid}/webhooks`, {
        as: owner,
        body: { url, events },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    }
    async function addRoomType(name: string) {
      const response = await ctx.request("POST", `/api/properties/${pid}/room-types`, {
        as: owner,
        body: { name, baseRate: 100, capacity: 2 },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    }
    const deliveries = async (hook: Hook) =>
      (
        await ctx.request("GET", `/api/properties/${pid}/webhooks/${hook.id}/deliveries`, { as: owner })
      ).json();

    it("creates, lists, pauses and deletes a subscription; the secret is shown once", async () => {
      await freshHotel();
      const hook = await subscribe("http://127.0.0.1:9/hooks", ["reservation.*", "room.created"]);
      expect(hook.secret).toMatch(/^whsec_/);
      const listed = (await ctx.request("GET", `/api/properties/${pid}/webhooks`, { as: owner })).json();
      expect(listed).toEqual([
        {
          id: hook.id,
          url: "http://127.0.0.1:9/hooks",
          events: ["reservation.*", "room.created"],
          active: true,
          createdAt: expect.any(String),
        },
      ]);
      const paused = await ctx.request("PATCH", `/api/properties/${pid}/webhooks/${hook.id}`, {
        as: owner,
        body: { active: false },
      });
      expect(paused.json()).toMatchObject({ active: false });
      await addRoomType("Unheard");
      expect(await deliveries(hook)).toEqual([]);
      // Every change re-checks the URL; with private receivers allowed, a loopback one passes.
      const resumed = await ctx.request("PATCH", `/api/properties/${pid}/webhooks/${hook.id}`, {
        as: owner,
        body: { active: true },
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ active: true });
      const removed = await ctx.request("DELETE", `/api/properties/${pid}/webhooks/${hook.id}`, {
        as: owner,
      });
      expect(removed.statusCode).toBe(200);
      expect((await ctx.request("GET", `/api/properties/${pid}/webhooks`, { as: owner })).json()).toEqual([]);
    });

    it("refuses an unknown event type and a URL that is not http(s), writing nothing", async () => {
      await freshHotel();
      for (const body of [
        { url: "http://127.0.0.1:9/", events: ["reservation.exploded"] },
        { url: "ftp://127.0.0.1/", events: ["*"] },
        { url: "http://user:pass@127.0.0.1/", events: ["*"] },
        { url: "http://127.0.0.1:9/", events: [] },
      ]) {
        const response = await ctx.request("POST", `/api/properties/${pid}/webhooks`, { as: owner, body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await ctx.request("GET", `/api/properties/${pid}/webhooks`, { as: owner })).json()).toEqual([]);
    });

    it("delivers the property's events in order, signed, with the documented shape", async () => {
      await freshHotel();
      const target = await receiver();
      const hook = await subscribe(target.url, ["room_type.*"]);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await addRoomType(`Ordered ${i}`));
      const got = await target.waitFor(6);
      expect(got.map((one) => (one.json.data as { entityId: string }).entityId)).toEqual(ids);
      const sequences = got.map((one) => (one.json.data as { sequence: number }).sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
      for (const one of got) {
        expect(signatureValid(hook.secret, one)).toBe(true);
        expect(webhookEvent.safeParse(one.json).success).toBe(true);
        expect(one.json).toMatchObject({ type: "room_type.created", propertyId: pid });
        expect(one.headers["innkeep-event-id"]).toBe(one.json.id);
      }
      expect(signatureValid("whsec_wrong", got[0] as never)).toBe(false);
      await expect
        .poll(async () => (await deliveries(hook)).map((d: { status: string }) => d.status))
        .toEqual(Array(6).fill("delivered"));
    });

    it("retries after a failure: a receiver answering 500 then 200 gets the event again", async () => {
      await freshHotel();
      const target = await receiver();
      target.answers.push(500);
      const hook = await subscribe(target.url, ["room_type.created"]);
      const id = await addRoomType("Retried");
      const [first, second] = await target.waitFor(2);
      expect(second?.json.id).toBe(first?.json.id);
      expect((second?.json.data as { entityId: string }).entityId).toBe(id);
      await expect
        .poll(async () => (await deliveries(hook))[0])
        .toMatchObject({ status: "delivered", attempts: 2, responseStatus: 200, error: null });
    });

    it("keeps order while retrying: a later event waits for the failing one", async () => {
      await freshHotel();
      const target = await receiver();
      target.answers.push(503, 503);
      await subscribe(target.url, ["room_type.created"]);
      const first = await addRoomType("First");
      const second = await addRoomType("Second");
      const got = await target.waitFor(4);
      expect(got.map((one) => (one.json.data as { entityId: string }).entityId)).toEqual([
        first,
        first,
        first,
        second,
      ]);
    });

    it("a hanging receiver holds neither writes nor other subscriptions", async () => {
      await freshHotel();
      const stuck = await receiver();
      stuck.otherwise = "hang";
      const healthy = await receiver();
      await subscribe(stuck.url);
      await subscribe(healthy.url, ["room_type.created"]);
      await addRoomType("Opens the hang");
      await stuck.waitFor(1);
      // While the first request hangs, writes go on and the other subscription gets every event.
      for (let i = 0; i < 5; i++) await addRoomType(`During the hang ${i}`);
      await healthy.waitFor(6);
      expect(stuck.hanging()).toBe(1);
    });

    it("redelivers a delivered event on request", async () => {
      await freshHotel();
      const target = await receiver();
      const hook = await subscribe(target.url, ["room_type.created"]);
      await addRoomType("Again");
      await target.waitFor(1);
      await expect.poll(async () => (await deliveries(hook))[0]?.status).toBe("delivered");
      const [delivery] = await deliveries(hook);
      const again = await ctx.request(
        "POST",
        `/api/properties/${pid}/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
        { as: owner },
      );
      expect(again.statusCode, again.body).toBe(200);
      const [, repeat] = await target.waitFor(2);
      expect(repeat?.json.id).toBe(delivery.eventId);
    });

    it("marks a delivery failed once its retry window has passed, and goes on with the next", async () => {
      // An instance of its own (and database): the suite's instance would keep retrying for 24 hours.
      const short = await createTestContext(backend, ALLOW, { webhooks: { ...FAST, retryWindowMs: 600 } });
      try {
        const user = await short.signIn(TEST_ADMIN);
        const own = await short.propertyOf(user);
        const target = await receiver();
        target.otherwise = 500;
        const made = await short.request("POST", `/api/properties/${own}/webhooks`, {
          as: user,
          body: { url: target.url, events: ["room_type.created"] },
        });
        const hookId = made.json().id;
        for (const name of ["Doomed", "Next"]) {
          await short.request("POST", `/api/properties/${own}/room-types`, {
            as: user,
            body: { name, baseRate: 100, capacity: 2 },
          });
        }
        await expect
          .poll(
            async () =>
              (
                await short.request("GET", `/api/properties/${own}/webhooks/${hookId}/deliveries`, {
                  as: user,
                })
              )
                .json()
                .map((d: { status: string }) => d.status),
            { timeout: 15_000 },
          )
          .toEqual(["failed", "failed"]);
      } finally {
        await short.app.close();
        await short.database.close();
      }
    });

    it("two server instances on one database send each event once per attempt", async () => {
      await freshHotel();
      const second = await createTestContext(backend, ALLOW, { webhooks: FAST, database: ctx.database });
      try {
        const target = await receiver();
        await subscribe(target.url, ["room_type.created"]);
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          // Alternate the instance that takes the write, as a load balancer would.
          const via = i % 2 === 0 ? ctx : second;
          const response = await via.request("POST", `/api/properties/${pid}/room-types`, {
            as: owner,
            body: { name: `Shared ${i}`, baseRate: 100, capacity: 2 },
          });
          ids.push(response.json().id);
        }
        await target.waitFor(12);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const delivered = target.received.map((one) => (one.json.data as { entityId: string }).entityId);
        expect(delivered).toEqual(ids);
      } finally {
        await second.app.close();
      }
    });
  });
}
