import { describe, expect, it } from "vitest";
import { openEventStream } from "../test/event-stream.js";
import { backends, type TestUser } from "../test/harness.js";
import { listeningTestContext } from "../test/listening.js";

for (const backend of backends()) {
  describe(`live change stream [${backend}]`, () => {
    const live = listeningTestContext(backend);

    it("pushes a committed change to a member's stream", async () => {
      const user = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(user);
      const stream = await openEventStream(
        `${live.server.baseUrl}/api/properties/${pid}/events`,
        user.cookie,
      );
      expect(stream.contentType).toContain("text/event-stream");
      const received = stream.next((event) => event.type === "property.updated");
      const patch = await live.ctx.request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "Seaside Inn", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(patch.statusCode).toBe(200);
      const matched = await received;
      stream.close();
      expect(stream.text().startsWith(": connected")).toBe(true);
      expect(matched).toMatchObject({
        propertyId: pid,
        type: "property.updated",
        entityType: "property",
        entityId: pid,
      });
      expect(stream.text()).toMatch(new RegExp(`id: ${matched.seq}\nevent: change\n`));
    });

    it("answers 404 to a signed-in non-member and 401 when signed out", async () => {
      const owner = await live.ctx.signIn();
      const stranger = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const foreign = await fetch(`${live.server.baseUrl}/api/properties/${pid}/events`, {
        headers: { cookie: stranger.cookie },
      });
      expect(foreign.status).toBe(404);
      const anonymous = await fetch(`${live.server.baseUrl}/api/properties/${pid}/events`);
      expect(anonymous.status).toBe(401);
    });

    it("does not announce a rolled-back change", async () => {
      const user = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(user);
      const stream = await openEventStream(
        `${live.server.baseUrl}/api/properties/${pid}/events`,
        user.cookie,
      );
      const received = stream
        .next(() => true, 1500)
        .then(
          (event) => event,
          () => undefined,
        );
      const bad = await live.ctx.request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "X", currency: "NOPE", timeZone: "Asia/Kolkata" },
      });
      expect(bad.statusCode).toBe(400);
      await live.ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(`update properties set name = 'Rolled back' where id = '${pid}'` as never);
          throw new Error("rollback");
        })
        .catch(() => {});
      const matched = await received;
      stream.close();
      expect(matched).toBeUndefined();
    });

    const rename = (pid: string, owner: TestUser, name: string) =>
      live.ctx.request("PATCH", `/api/properties/${pid}`, {
        as: owner,
        body: { name, currency: "INR", timeZone: "Asia/Kolkata" },
      });

    it("replays exactly the events missed while disconnected when given Last-Event-ID", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const url = `${live.server.baseUrl}/api/properties/${pid}/events`;
      const first = await openEventStream(url, owner.cookie);
      const seen = first.next((event) => event.type === "property.updated");
      await rename(pid, owner, "Before the gap");
      const last = (await seen).seq as number;
      first.close();

      const missed: number[] = [];
      for (let i = 0; i < 5; i++) {
        expect((await rename(pid, owner, `Missed ${i}`)).statusCode).toBe(200);
      }
      const again = await openEventStream(url, owner.cookie, { "last-event-id": String(last) });
      await again.next((event) => event.seq === last + 5);
      await rename(pid, owner, "After the gap");
      await again.next((event) => event.seq === last + 6);
      again.close();
      for (const event of again.events()) missed.push(event.seq as number);
      expect(missed).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5, last + 6]);
      expect(again.text()).toContain(`id: ${last + 1}\n`);
    });

    it("tells a client too far behind to refetch (reset) instead of replaying", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const url = `${live.server.baseUrl}/api/properties/${pid}/events`;
      const ahead = await openEventStream(url, owner.cookie, { "last-event-id": "999999" });
      await expect.poll(() => ahead.text()).toContain("event: reset\n");
      ahead.close();
      // The query form, for clients that reopen a stream themselves (EventSource cannot set headers).
      const fresh = await openEventStream(`${url}?lastEventId=0`, owner.cookie);
      await expect.poll(() => fresh.events().length).toBeGreaterThan(0);
      expect(fresh.events()[0]).toMatchObject({ seq: 1, type: "property.created" });
      fresh.close();
    });
  });
}
