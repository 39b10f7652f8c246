/**
 * A live stream never outlives the access it was opened with: logout, expiry, and removal from the property
 * (or a change of role) end it promptly, on whichever instance holds it. The requests that revoke access go
 * to one app instance and the streams are held by another (both on one database), as behind a load balancer.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "../auth/sessions.js";
import { type EventStream, openEventStream } from "../test/event-stream.js";
import { backends, TEST_ADMIN, type TestContext, type TestUser } from "../test/harness.js";
import { listeningTestContext } from "../test/listening.js";

const PROMPTLY_MS = 5_000;

async function endsPromptly(stream: EventStream): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), PROMPTLY_MS));
  return Promise.race([stream.ended.then(() => true), timeout]);
}

/** Whether the stream is still open and delivering: a property change reaches it. */
async function stillDelivers(ctx: TestContext, stream: EventStream, owner: TestUser, pid: string) {
  const name = `Still live ${Math.random()}`;
  const seen = stream.next(
    (event) => event.type === "property.updated" && event.entityId === pid && event.seq !== undefined,
    5_000,
  );
  const patch = await ctx.request("PATCH", `/api/properties/${pid}`, {
    as: owner,
    body: { name, currency: "INR", timeZone: "Asia/Kolkata" },
  });
  expect(patch.statusCode).toBe(200);
  return seen.then(
    () => true,
    () => false,
  );
}

for (const backend of backends()) {
  describe(`live streams end with their access [${backend}]`, () => {
    const live = listeningTestContext(backend);

    const events = (pid: string) => `${live.server.baseUrl}/api/properties/${pid}/events`;

    it("logout ends every stream of that session, and only of that session", async () => {
      const owner = await live.ctx.signIn(TEST_ADMIN);
      const pid = await live.ctx.propertyOf(owner);
      const otherDevice = await live.ctx.signIn(TEST_ADMIN);
      const streams = [
        await openEventStream(events(pid), owner.cookie),
        await openEventStream(events(pid), owner.cookie),
        await openEventStream(`${live.server.baseUrl}/api/admin/events`, owner.cookie),
      ];
      const survivor = await openEventStream(events(pid), otherDevice.cookie);

      const logout = await live.ctx.request("POST", "/auth/logout", { as: owner, body: {} });
      expect(logout.statusCode).toBe(200);
      for (const stream of streams) expect(await endsPromptly(stream)).toBe(true);
      expect(await stillDelivers(live.ctx, survivor, otherDevice, pid)).toBe(true);
      survivor.close();
    });

    it("ends a stream when its session expires", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const token = await createSession(live.ctx.database.db, owner.id, 1_500);
      const cookie = `${SESSION_COOKIE}=${token}`;
      const stream = await openEventStream(events(pid), cookie);
      expect(await endsPromptly(stream)).toBe(true);
      const again = await fetch(events(pid), { headers: { cookie } });
      expect(again.status).toBe(401);
      await again.body?.cancel();
    });

    it("ends a member's streams when they are removed or their role changes; others keep theirs", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const clerks = [await live.ctx.signIn(), await live.ctx.signIn(), await live.ctx.signIn()];
      for (const clerk of clerks) {
        await live.ctx.database.db.execute(
          sql`insert into property_members (property_id, user_id, role) values (${pid}, ${clerk.id}, 'front_desk')`,
        );
      }
      const [removed, demoted, bystander] = clerks as [TestUser, TestUser, TestUser];
      const removedStream = await openEventStream(events(pid), removed.cookie);
      const demotedStream = await openEventStream(events(pid), demoted.cookie);
      const bystanderStream = await openEventStream(events(pid), bystander.cookie);
      const ownerStream = await openEventStream(events(pid), owner.cookie);

      // Through the API, as a manager does it: the change announces the lost access when it commits.
      const members = `/api/properties/${pid}/members`;
      const removal = await live.ctx.request("DELETE", `${members}/${removed.id}`, { as: owner });
      expect(removal.statusCode).toBe(200);
      const demotion = await live.ctx.request("PATCH", `${members}/${demoted.id}`, {
        as: owner,
        body: { role: "housekeeping" },
      });
      expect(demotion.statusCode).toBe(200);
      expect(await endsPromptly(removedStream)).toBe(true);
      expect(await endsPromptly(demotedStream)).toBe(true);
      const refused = await fetch(events(pid), { headers: { cookie: removed.cookie } });
      expect(refused.status).toBe(404);
      await refused.body?.cancel();
      expect(await stillDelivers(live.ctx, bystanderStream, owner, pid)).toBe(true);
      expect(await stillDelivers(live.ctx, ownerStream, owner, pid)).toBe(true);
      bystanderStream.close();
      ownerStream.close();
    });

    it("never sends housekeeping a guest's events; the front desk gets them", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      const [clerk, housekeeper] = [await live.ctx.signIn(), await live.ctx.signIn()] as [TestUser, TestUser];
      for (const [user, role] of [
        [clerk, "front_desk"],
        [housekeeper, "housekeeping"],
      ] as const) {
        await live.ctx.database.db.execute(
          sql`insert into property_members (property_id, user_id, role) values (${pid}, ${user.id}, ${role})`,
        );
      }
      const clerkStream = await openEventStream(events(pid), clerk.cookie);
      const housekeeperStream = await openEventStream(events(pid), housekeeper.cookie);
      const made = await live.ctx.request("POST", `/api/properties/${pid}/guests`, {
        as: owner,
        body: { name: "Asha Rao" },
      });
      expect(made.statusCode).toBe(201);
      await clerkStream.next((event) => event.type === "guest.created", 5_000);
      // A later event reaches housekeeping, so the guest's would have arrived before it.
      expect(await stillDelivers(live.ctx, housekeeperStream, owner, pid)).toBe(true);
      expect(housekeeperStream.events().map((event) => event.entityType)).not.toContain("guest");
      expect(housekeeperStream.text()).not.toContain(made.json().id);
      clerkStream.close();
      housekeeperStream.close();
    });

    it("serves a property's stream whatever the case of its id, and delivers its events", async () => {
      const owner = await live.ctx.signIn();
      const pid = await live.ctx.propertyOf(owner);
      for (const spelling of [pid.toUpperCase(), pid.replace(/[a-f]/, (c) => c.toUpperCase())]) {
        const stream = await openEventStream(events(spelling), owner.cookie);
        expect(await stillDelivers(live.ctx, stream, owner, pid)).toBe(true);
        stream.close();
      }
    });
  });
}
