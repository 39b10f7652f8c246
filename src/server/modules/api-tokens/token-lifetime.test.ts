/**
 * A token never outlives its creator's rights (docs/product.md#api-tokens): removing the creator revokes
 * their tokens, demoting them revokes those above the new role, in the same transaction and with their live
 * streams; a token never changes its creator's membership nor grants beyond its own role; the list names the
 * creator.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../domain/permissions.js";
import { queryRows } from "../../db/rows.js";
import { openEventStream } from "../../test/event-stream.js";
import { backends, createTestContext, type TestContext, type TestUser } from "../../test/harness.js";
import { type ListeningApp, startListening } from "../../test/listening.js";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Made = { id: string; token: string; role: Role; name: string; createdBy: string; createdByName: string };

for (const backend of backends()) {
  describe(`API tokens bounded by their creator [${backend}]`, () => {
    let ctx: TestContext;
    let server: ListeningApp;
    let owner: TestUser;
    let pid: string;
    beforeAll(async () => {
      ctx = await createTestContext(backend);
      server = await startListening(backend, {}, ctx.database);
      owner = await ctx.signIn("owner@hotel.example", { displayName: "Olivia Owner" });
      pid = await ctx.propertyOf(owner);
    });
    afterAll(async () => {
      await server?.close();
      await ctx?.app.close();
      await ctx?.database.close();
    });
    const url = (path: string) => `/api/properties/${pid}${path}`;

    /** A new member of the property with `role`, through an invitation as in the product. */
    async function member(role: Role, displayName: string): Promise<TestUser> {
      const email = `${displayName.toLowerCase().replaceAll(" ", ".")}.${Math.random().toString(36).slice(2, 8)}@hotel.example`;
      const invited = await ctx.request("POST", url("/members"), { as: owner, body: { email, role } });
      expect(invited.statusCode, invited.body).toBe(201);
      const user = await ctx.signIn(email, { displayName });
      expect((await ctx.request("GET", url(""), { as: user })).json().role).toBe(role);
      return user;
    }

    async function makeToken(as: TestUser | string, role: Role, name = `${role} token`): Promise<Made> {
      const auth = typeof as === "string" ? { headers: bearer(as) } : { as };
      const response = await ctx.request("POST", url("/api-tokens"), { ...auth, body: { name, role } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    }

    const status = async (token: string) =>
      (await ctx.request("GET", url("/rooms"), { headers: bearer(token) })).statusCode;
    const listedIds = async () =>
      ((await ctx.request("GET", url("/api-tokens"), { as: owner })).json() as Made[]).map((t) => t.id);
    const tokenRows = async (createdBy: string) =>
      queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from api_tokens where property_id = ${pid} and created_by = ${createdBy}`,
      );

    it("lists who created each token", async () => {
      const manager = await member("manager", "Maya Manager");
      const made = await makeToken(manager, "front_desk", "Door locks");
      expect(made).toMatchObject({ createdBy: manager.id, createdByName: "Maya Manager" });
      const listed = (await ctx.request("GET", url("/api-tokens"), { as: owner })).json() as Made[];
      expect(listed.find((token) => token.id === made.id)).toMatchObject({
        createdBy: manager.id,
        createdByName: "Maya Manager",
      });
    });

    it("removing the creator revokes their tokens at once, ends their streams, and says so in the log", async () => {
      const manager = await member("manager", "Rita Removed");
      const mine = await makeToken(manager, "manager", "Channel sync");
      // A token made by a token belongs to the same member: it must not survive them either.
      const child = await makeToken(mine.token, "housekeeping", "Made by a token");
      expect(child.createdBy).toBe(manager.id);
      const kept = await makeToken(owner, "manager", "Owner's own");
      const stream = await openEventStream(`${server.baseUrl}${url("/events")}`, "", bearer(mine.token));

      const removed = await ctx.request("DELETE", url(`/members/${manager.id}`), { as: owner });
      expect(removed.statusCode, removed.body).toBe(200);

      expect(await status(mine.token)).toBe(401);
      expect(await status(child.token)).toBe(401);
      expect(await status(kept.token)).toBe(200);
      await expect(stream.ended).resolves.toBeUndefined();
      expect(await listedIds()).not.toContain(mine.id);
      expect(await tokenRows(manager.id)).toEqual([]);
      const [entry] = (
        await ctx.request("GET", url(`/activity?entityId=${manager.id}`), { as: owner })
      ).json();
      expect(entry).toMatchObject({
        action: "member.removed",
        changes: {
          role: { before: "manager", after: null },
          revokedApiTokens: { before: ["Channel sync", "Made by a token"], after: null },
        },
      });
      // The revoked token cannot bring its creator back.
      const reinvite = await ctx.request("POST", url("/members"), {
        headers: bearer(mine.token),
        body: { email: manager.email, role: "manager" },
      });
      expect(reinvite.statusCode).toBe(401);
    });

    it("demoting the creator revokes exactly the tokens above the new role", async () => {
      const manager = await member("manager", "Dev Demoted");
      const tokens = {
        manager: await makeToken(manager, "manager"),
        front_desk: await makeToken(manager, "front_desk"),
        housekeeping: await makeToken(manager, "housekeeping"),
      };
      const stream = await openEventStream(
        `${server.baseUrl}${url("/events")}`,
        "",
        bearer(tokens.manager.token),
      );
      const toDesk = await ctx.request("PATCH", url(`/members/${manager.id}`), {
        as: owner,
        body: { role: "front_desk" },
      });
      expect(toDesk.statusCode, toDesk.body).toBe(200);
      expect(await status(tokens.manager.token)).toBe(401);
      await expect(stream.ended).resolves.toBeUndefined();
      expect(await status(tokens.front_desk.token)).toBe(200);
      expect(await status(tokens.housekeeping.token)).toBe(200);

      await ctx.request("PATCH", url(`/members/${manager.id}`), {
        as: owner,
        body: { role: "housekeeping" },
      });
      expect(await status(tokens.front_desk.token)).toBe(401);
      expect(await status(tokens.housekeeping.token)).toBe(200);
      expect((await tokenRows(manager.id)).map((row) => row.id)).toEqual([tokens.housekeeping.id]);

      // Promoting them again brings nothing back: revoked is revoked.
      await ctx.request("PATCH", url(`/members/${manager.id}`), { as: owner, body: { role: "manager" } });
      expect(await status(tokens.manager.token)).toBe(401);
    });

    it("a token never changes its creator's membership", async () => {
      const manager = await member("manager", "Tom Tokened");
      const colleague = await member("front_desk", "Cleo Colleague");
      const { token } = await makeToken(manager, "manager", "Team sync");
      for (const [method, body] of [
        ["PATCH", { role: "front_desk" }],
        ["PATCH", { role: "manager" }],
        ["DELETE", undefined],
      ] as const) {
        const response = await ctx.request(method, url(`/members/${manager.id}`), {
          headers: bearer(token),
          ...(body ? { body } : {}),
        });
        expect(response.statusCode, `${method} ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe("forbidden");
      }
      const members = (await ctx.request("GET", url("/members"), { as: owner })).json();
      expect(members.find((m: { userId: string }) => m.userId === manager.id).role).toBe("manager");
      expect(await status(token)).toBe(200);
      // Other members are still its to manage, as they are its creator's.
      const other = await ctx.request("PATCH", url(`/members/${colleague.id}`), {
        headers: bearer(token),
        body: { role: "housekeeping" },
      });
      expect(other.statusCode, other.body).toBe(200);
    });

    it("never grants a role beyond the granter's own", async () => {
      const clerk = await member("front_desk", "Fay Frontdesk");
      // A clerk has no team rights at all; a manager covers every assignable role.
      const byClerk = await ctx.request("POST", url("/api-tokens"), {
        as: clerk,
        body: { name: "Mine", role: "front_desk" },
      });
      expect(byClerk.statusCode).toBe(403);
      const manager = await member("manager", "Gil Granter");
      const { token } = await makeToken(manager, "manager");
      for (const path of ["/api-tokens", "/members"]) {
        const body =
          path === "/members"
            ? { email: "owner2@hotel.example", role: "owner" }
            : { name: "x", role: "owner" };
        const response = await ctx.request("POST", url(path), { headers: bearer(token), body });
        expect(response.statusCode, path).toBe(403);
      }
    });

    it("refuses a token whose creator's rights shrank behind the service's back", async () => {
      const manager = await member("manager", "Sam Sideways");
      const made = await makeToken(manager, "manager");
      // A write straight to the database (a script, psql): the lookup still bounds the token.
      await ctx.database.db.execute(
        sql`update property_members set role = 'front_desk' where property_id = ${pid} and user_id = ${manager.id}`,
      );
      expect(await status(made.token)).toBe(401);
      // And deleting the membership deletes the tokens with it (the tokens' key to the membership).
      await ctx.database.db.execute(
        sql`delete from property_members where property_id = ${pid} and user_id = ${manager.id}`,
      );
      expect(await tokenRows(manager.id)).toEqual([]);
    });
  });
}
