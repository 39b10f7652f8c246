/**
 * `Idempotency-Key` on the routes whose answer carries a secret (docs/product.md#idempotency), through the
 * real app on both backends: a replay answers 409 naming the record and creates nothing, and no idempotency
 * row ever holds the secret. Answers without a secret replay as before.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { apiTokenInput } from "../../domain/schemas/api-tokens.js";
import { countReservations } from "../test/factories.js";
import { describeBackends, type TestUser } from "../test/harness.js";
import { queryRows } from "../test/manager.js";
import { reservationApi } from "../test/reservation-api.js";
import { requestHash } from "./idempotency.js";

/** The relay may deliver to it: a loopback port nothing listens on, allowed by WEBHOOKS_ALLOW_PRIVATE. */
const RECEIVER = "http://127.0.0.1:9/hook";
const TOKEN_LOST = "If the secret was lost, revoke this token and create another.";
const SHOWN_ONCE =
  "Its answer carried a secret that is shown only once and is not kept, so it cannot be sent again.";

describeBackends(
  "Idempotency-Key on answers that carry a secret",
  (ctx) => {
    const { hotel } = reservationApi(ctx);
    const keyed = (user: TestUser, url: string, body: unknown, key: string) =>
      ctx().request("POST", url, { as: user, body, headers: { "idempotency-key": key } });
    const keyRows = (user: TestUser) =>
      queryRows<{ key: string; response_status: number | null; response_body: string | null }>(
        ctx().database.db,
        sql`select key, response_status, response_body from idempotency_keys where principal = ${`user:${user.id}`}`,
      );
    /** Every column of every row, as the database spells it: the secret must appear in none. */
    const rowsHolding = async (secret: string) =>
      queryRows<{ row: string }>(
        ctx().database.db,
        sql`select k::text as row from idempotency_keys k where position(${secret} in k::text) > 0`,
      );
    const count = async (table: "api_tokens" | "webhooks", pid: string) => {
      const [row] = await queryRows<{ n: number }>(
        ctx().database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where property_id = ${pid}`,
      );
      return row?.n;
    };

    it("answers a replayed token create 409 naming the token, keeping only its id and name", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}/api-tokens`;
      const body = { name: "Channel manager", role: "front_desk" };
      const first = await keyed(user, url, body, "token-1");
      expect(first.statusCode).toBe(201);
      const { id, token } = first.json() as { id: string; token: string };
      expect(token).toMatch(/^ikt_/);

      const replayed = await keyed(user, url, body, "token-1");
      expect(replayed.statusCode).toBe(409);
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(replayed.json().error).toEqual({
        code: "conflict",
        message: `This request was already answered: it created API token "Channel manager" (${id}). ${SHOWN_ONCE} ${TOKEN_LOST}`,
      });
      expect(replayed.body).not.toContain(token);
      expect(await count("api_tokens", pid)).toBe(1);
      expect(await keyRows(user)).toEqual([
        {
          key: "token-1",
          response_status: 201,
          response_body: JSON.stringify({ id, name: "Channel manager" }),
        },
      ]);
      expect(await rowsHolding(token)).toEqual([]);

      const other = await keyed(user, url, { ...body, name: "Door locks" }, "token-1");
      expect([other.statusCode, other.json().error.code]).toEqual([422, "idempotency_key_reused"]);
      expect(await count("api_tokens", pid)).toBe(1);
    });

    it("answers a replayed webhook create 409 naming the subscription, keeping no signing secret", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}/webhooks`;
      const body = { url: RECEIVER, events: ["reservation.*"] };
      const first = await keyed(user, url, body, "hook-1");
      expect(first.statusCode).toBe(201);
      const { id, secret } = first.json() as { id: string; secret: string };
      expect(secret).toMatch(/^whsec_/);

      const replayed = await keyed(user, url, body, "hook-1");
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json().error).toEqual({
        code: "conflict",
        message:
          `This request was already answered: it created webhook subscription (${id}). ${SHOWN_ONCE} ` +
          "If the secret was lost, delete this subscription and create another.",
      });
      expect(await count("webhooks", pid)).toBe(1);
      expect(await keyRows(user)).toEqual([
        { key: "hook-1", response_status: 201, response_body: JSON.stringify({ id }) },
      ]);
      expect(await rowsHolding(secret)).toEqual([]);
      expect((await keyed(user, url, { ...body, events: ["*"] }, "hook-1")).statusCode).toBe(422);
    });

    it("creates one token for 10 concurrent requests with one key, and answers its secret once", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}/api-tokens`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => keyed(user, url, { name: "Burst", role: "manager" }, "burst")),
      );
      const created = answers.filter((answer) => answer.statusCode === 201);
      expect(created).toHaveLength(1);
      for (const answer of answers.filter((each) => each.statusCode !== 201)) {
        expect([answer.statusCode, answer.json().error.code]).toEqual([409, "conflict"]);
      }
      expect(await count("api_tokens", pid)).toBe(1);
      expect(await rowsHolding(created[0]?.json().token)).toEqual([]);
    });

    it("stores and replays an error answer of a secret route as it was", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}/api-tokens`;
      const body = { name: "Too strong", role: "owner" };
      const first = await keyed(user, url, body, "refused");
      expect(first.statusCode).toBe(403);
      const replayed = await keyed(user, url, body, "refused");
      expect([replayed.statusCode, replayed.headers["idempotent-replayed"]]).toEqual([403, "true"]);
      expect(replayed.json()).toEqual(first.json());
      expect(await count("api_tokens", pid)).toBe(0);
    });

    it("never replays a secret from a row stored before its route was declared", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}/api-tokens`;
      const body = { name: "Old", role: "manager" };
      const id = "00000000-0000-4000-8000-000000000001";
      const token = "ikt_stored-before-the-declaration";
      const hash = requestHash("POST", url, apiTokenInput.parse(body));
      const stored = JSON.stringify({ id, name: "Old", token });
      await ctx().database.db.execute(sql`insert into idempotency_keys
        (principal, key, request_hash, response_status, response_body)
        values (${`user:${user.id}`}, 'legacy', ${hash}, 201, ${stored})`);
      const replayed = await keyed(user, url, body, "legacy");
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json().error.message).toBe(
        `This request was already answered: it created API token "Old" (${id}). ${SHOWN_ONCE} ${TOKEN_LOST}`,
      );
      expect(replayed.body).not.toContain(token);
      expect(await count("api_tokens", pid)).toBe(0);
    });

    it("still replays the whole answer of a route without a secret", async () => {
      const { user, pid, room, db } = await hotel();
      const url = `/api/properties/${pid}/reservations`;
      const body = { roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-12" };
      const first = await keyed(user, url, body, "stay");
      expect(first.statusCode).toBe(201);
      const replayed = await keyed(user, url, body, "stay");
      expect([replayed.statusCode, replayed.headers["idempotent-replayed"]]).toEqual([201, "true"]);
      expect(replayed.json()).toEqual(first.json());
      expect(await keyRows(user)).toEqual([{ key: "stay", response_status: 201, response_body: first.body }]);
      expect(await countReservations(db, pid)).toBe(1);
    });
  },
  { WEBHOOKS_ALLOW_PRIVATE: "1" },
);
