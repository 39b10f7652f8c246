import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember } from "../../hardening/support.js";
import { describeBackends, type TestContext, type TestUser } from "../../test/harness.js";

async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describeBackends("team: members and invitations", (ctx) => {
  const base = (pid: string) => `/api/properties/${pid}`;
  const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  async function hotel() {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    return { owner, pid };
  }
  const invite = (as: TestUser, pid: string, email: string, role: string) =>
    ctx().request("POST", `${base(pid)}/members`, { as, body: { email, role } });
  const members = async (as: TestUser, pid: string) =>
    (await ctx().request("GET", `${base(pid)}/members`, { as })).json() as { userId: string; role: string }[];

  describe("invitations", () => {
    it("become a membership when the invitee, verified, makes a request (email matched case-insensitively)", async () => {
      const { owner, pid } = await hotel();
      const email = unique("clerk");
      const invited = await invite(owner, pid, `  ${email.toUpperCase()} `, "front_desk");
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({ email, role: "front_desk", invitedAt: expect.any(String) });
      const pending = (await ctx().request("GET", `${base(pid)}/invitations`, { as: owner })).json();
      expect(pending).toEqual([invited.json()]);

      const clerk = await ctx().signIn(email.replace("clerk", "CLERK"), { displayName: "Carla Clerk" });
      const session = await ctx().request("GET", "/api/session", { as: clerk });
      expect(session.statusCode).toBe(200);
      expect(await members(owner, pid)).toContainEqual({
        userId: clerk.id,
        email: email.replace("clerk", "CLERK"),
        displayName: "Carla Clerk",
        role: "front_desk",
      });
      expect((await ctx().request("GET", `${base(pid)}/invitations`, { as: owner })).json()).toEqual([]);
      const joined = (
        await ctx().request("GET", `${base(pid)}/activity?entityId=${clerk.id}`, { as: owner })
      ).json();
      expect(joined[0]).toMatchObject({
        action: "member.joined",
        actorId: clerk.id,
        actorName: "Carla Clerk",
      });
    });

    it("never match an unverified email", async () => {
      const { owner, pid } = await hotel();
      const email = unique("claimed");
      await invite(owner, pid, email, "manager");
      const impostor = await ctx().signIn(email, { emailVerified: false });
      await ctx().request("GET", "/api/session", { as: impostor });
      expect((await ctx().request("GET", base(pid), { as: impostor })).statusCode).toBe(404);
      expect((await members(owner, pid)).map((m) => m.userId)).not.toContain(impostor.id);
      expect((await ctx().request("GET", `${base(pid)}/invitations`, { as: owner })).json()).toHaveLength(1);
    });

    it("land an invited-first user in the inviting hotel, with no empty property of their own", async () => {
      const { owner, pid } = await hotel();
      const email = unique("new");
      await invite(owner, pid, email, "housekeeping");
      const newcomer = await ctx().signIn(email);
      const first = await ctx().request("GET", "/api/property", { as: newcomer });
      expect(first.json()).toMatchObject({ id: pid, role: "housekeeping" });
      const owned = await rows(ctx(), sql`select id from properties where owner_id = ${newcomer.id}`);
      expect(owned).toEqual([]);
      expect((await ctx().request("GET", "/api/properties", { as: newcomer })).json()).toEqual([
        { id: pid, name: "Default Property", code: expect.any(String), role: "housekeeping" },
      ]);
    });

    it("list a user's every property, their own first", async () => {
      const { owner, pid } = await hotel();
      const other = await hotel();
      const email = unique("both");
      const user = await ctx().signIn(email);
      const own = await ctx().propertyOf(user);
      await invite(other.owner, other.pid, email, "manager");
      await ctx().request("GET", "/api/session", { as: user }); // joins the first
      await invite(owner, pid, email, "front_desk");
      const list = (await ctx().request("GET", "/api/properties", { as: user })).json() as {
        id: string;
        role: string;
      }[];
      expect(list.map((p) => [p.id, p.role])).toEqual([
        [own, "owner"],
        [other.pid, "manager"],
        [pid, "front_desk"],
      ]);
      expect((await ctx().request("GET", "/api/property", { as: user })).json().id).toBe(own);
    });

    it("refuse a current member or an already pending email with 409, and bad input with 400", async () => {
      const { owner, pid } = await hotel();
      const member = await addMember(ctx(), owner, pid, "front_desk");
      expect((await invite(owner, pid, member.email, "manager")).statusCode).toBe(409);
      const email = unique("twice");
      expect((await invite(owner, pid, email, "manager")).statusCode).toBe(201);
      const again = await invite(owner, pid, email.toUpperCase(), "housekeeping");
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe("conflict");
      for (const body of [
        { email: "not-an-email", role: "manager" },
        { email: unique("x"), role: "chef" },
        { email: unique("x") },
        { email: unique("x"), role: "manager", extra: 1 },
      ]) {
        const answer = await ctx().request("POST", `${base(pid)}/members`, { as: owner, body });
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it("can be revoked, and a revoked invitation is never accepted", async () => {
      const { owner, pid } = await hotel();
      const email = unique("revoked");
      const id = (await invite(owner, pid, email, "manager")).json().id;
      const revoke = () => ctx().request("DELETE", `${base(pid)}/invitations/${id}`, { as: owner });
      expect((await revoke()).statusCode).toBe(200);
      expect((await revoke()).statusCode).toBe(404);
      const late = await ctx().signIn(email);
      expect((await ctx().request("GET", base(pid), { as: late })).statusCode).toBe(404);
    });
  });

  describe("the owner", () => {
    it("is never invited, granted, changed or removed, whoever asks", async () => {
      const { owner, pid } = await hotel();
      const manager = await addMember(ctx(), owner, pid, "manager");
      const clerk = await addMember(ctx(), owner, pid, "front_desk");
      for (const as of [owner, manager]) {
        const attempts = [
          await invite(as, pid, unique("boss"), "owner"),
          await ctx().request("PATCH", `${base(pid)}/members/${clerk.id}`, { as, body: { role: "owner" } }),
          await ctx().request("PATCH", `${base(pid)}/members/${owner.id}`, { as, body: { role: "manager" } }),
          await ctx().request("DELETE", `${base(pid)}/members/${owner.id}`, { as }),
        ];
        for (const answer of attempts) {
          expect(answer.statusCode, answer.body).toBe(403);
          expect(answer.json().error.code).toBe("forbidden");
        }
      }
      const owners = (await members(owner, pid)).filter((m) => m.role === "owner");
      expect(owners).toEqual([expect.objectContaining({ userId: owner.id })]);
    });

    it("lets a manager manage everyone else", async () => {
      const { owner, pid } = await hotel();
      const manager = await addMember(ctx(), owner, pid, "manager");
      const peer = await addMember(ctx(), owner, pid, "manager");
      const change = await ctx().request("PATCH", `${base(pid)}/members/${peer.id}`, {
        as: manager,
        body: { role: "front_desk" },
      });
      expect(change.json()).toMatchObject({ userId: peer.id, role: "front_desk" });
      const remove = await ctx().request("DELETE", `${base(pid)}/members/${peer.id}`, { as: manager });
      expect(remove.statusCode).toBe(200);
      expect((await ctx().request("GET", base(pid), { as: peer })).statusCode).toBe(404);
      const unknown = await ctx().request("DELETE", `${base(pid)}/members/${peer.id}`, { as: manager });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("under concurrency", () => {
    it("lets exactly one of several concurrent invitations of one email through", async () => {
      const { owner, pid } = await hotel();
      const email = unique("race");
      const answers = await Promise.all(
        ["manager", "front_desk", "housekeeping", "manager", "front_desk"].map((role) =>
          invite(owner, pid, email, role),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      const pending = await rows(ctx(), sql`select id from invitations where property_id = ${pid}`);
      expect(pending).toHaveLength(1);
    });

    it("leaves one consistent state when an invitation is accepted while it is revoked", async () => {
      for (let round = 0; round < 6; round++) {
        const { owner, pid } = await hotel();
        const email = unique("both-ways");
        const id = (await invite(owner, pid, email, "front_desk")).json().id;
        const invitee = await ctx().signIn(email);
        const [accepted, revoked] = await Promise.all([
          ctx().request("GET", "/api/session", { as: invitee }),
          ctx().request("DELETE", `${base(pid)}/invitations/${id}`, { as: owner }),
        ]);
        expect(accepted.statusCode).toBe(200);
        const isMember = (await members(owner, pid)).some((m) => m.userId === invitee.id);
        // Revoked first: no membership. Accepted first: the revoke found nothing to revoke.
        expect(revoked.statusCode).toBe(isMember ? 404 : 200);
        expect(await rows(ctx(), sql`select id from invitations where id = ${id}`)).toEqual([]);
      }
    });
  });
});
