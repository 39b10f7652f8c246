/**
 * `Idempotency-Key` through the real app (docs/product.md#idempotency), on both backends: a replay answers
 * the first answer and creates nothing, another request under the same key is 422, concurrent requests with
 * one key create one record, keys expire after 24 h, and each caller has its own keys.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservationCreateInput } from "../../domain/schemas/reservations.js";
import { newApiTokenSecret } from "../auth/api-tokens.js";
import { hashToken } from "../auth/sessions.js";
import { apiTokens } from "../db/schema.js";
import { countReservations, createRoom } from "../test/factories.js";
import { describeBackends, type TestUser } from "../test/harness.js";
import { queryRows } from "../test/manager.js";
import { ROOM_UNAVAILABLE, reservationApi } from "../test/reservation-api.js";
import { requestHash } from "./idempotency.js";
import { openRequestTransaction } from "./request-transaction.js";

const stay = (roomId: string, checkInDate = "2030-03-10", checkOutDate = "2030-03-12") => ({
  roomId,
  checkInDate,
  checkOutDate,
});

describeBackends("Idempotency-Key", (ctx) => {
  const { url, hotel, post, patch } = reservationApi(ctx);
  const keyed = (user: TestUser, pid: string, body: unknown, key: string) =>
    ctx().request("POST", url(pid), { as: user, body, headers: { "idempotency-key": key } });
  const keyRows = (principal: string) =>
    queryRows<{ key: string; request_hash: string; response_status: number | null }>(
      ctx().database.db,
      sql`select key, request_hash, response_status from idempotency_keys where principal = ${principal}`,
    );
  const setKeyAge = (principal: string, key: string, age: string, answered = true) =>
    ctx().database.db.execute(sql`update idempotency_keys set created_at = now() - ${age}::interval
      ${answered ? sql`` : sql`, response_status = null, response_body = null`}
      where principal = ${principal} and key = ${key}`);

  it("answers the first answer again for the same key and body, creating one reservation", async () => {
    const { user, pid, room, db } = await hotel();
    const first = await keyed(user, pid, stay(room.id), "book-1");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    // The hash is over the validated body: key order and explicit defaults do not make another request.
    const again = {
      checkOutDate: "2030-03-12",
      adults: 2,
      guestName: "",
      roomId: room.id,
      checkInDate: "2030-03-10",
    };
    for (const body of [stay(room.id), again]) {
      const replayed = await keyed(user, pid, body, "book-1");
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
      expect(replayed.headers["content-type"]).toMatch(/^application\/json/);
      expect(replayed.json()).toEqual(first.json());
    }
    expect(await countReservations(db, pid)).toBe(1);
    expect(await keyRows(`user:${user.id}`)).toEqual([
      expect.objectContaining({ key: "book-1", response_status: 201 }),
    ]);
  });

  it("answers 422 for the same key with another body, writing nothing", async () => {
    const { user, pid, room, db } = await hotel();
    expect((await keyed(user, pid, stay(room.id), "book-2")).statusCode).toBe(201);
    const before = await keyRows(`user:${user.id}`);
    const other = await keyed(user, pid, stay(room.id, "2030-04-01", "2030-04-03"), "book-2");
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
    expect(await countReservations(db, pid)).toBe(1);
    expect(await keyRows(`user:${user.id}`)).toEqual(before);
  });

  it("creates one reservation for 20 concurrent requests with one key, all answered alike", async () => {
    const { user, pid, room, db } = await hotel();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => keyed(user, pid, stay(room.id), "burst")),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json()).toEqual(created[0]?.json());
      else expect(answer.json().error.code).toBe("conflict"); // the bounded wait ran out
    }
    expect(answers.filter((answer) => answer.headers["idempotent-replayed"] === undefined)).toHaveLength(1);
    expect(await countReservations(db, pid)).toBe(1);
  });

  it("replays a stored 409 even after the room became free", async () => {
    const { user, pid, room, db } = await hotel();
    const holder = await post(user, pid, stay(room.id));
    const refused = await keyed(user, pid, stay(room.id), "conflicting");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(ROOM_UNAVAILABLE);
    expect((await patch(user, pid, holder.json().id, "cancelled")).statusCode).toBe(200);
    const replayed = await keyed(user, pid, stay(room.id), "conflicting");
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(replayed.json()).toEqual(ROOM_UNAVAILABLE);
    expect((await keyed(user, pid, stay(room.id), "fresh")).statusCode).toBe(201);
    expect(await countReservations(db, pid)).toBe(2);
  });

  it("treats a key older than 24 hours as absent", async () => {
    const { user, pid, room, db } = await hotel();
    const principal = `user:${user.id}`;
    expect((await keyed(user, pid, stay(room.id), "old")).statusCode).toBe(201);
    await setKeyAge(principal, "old", "25 hours");
    // It runs again: the room is now taken by the first answer's stay.
    const rerun = await keyed(user, pid, stay(room.id), "old");
    expect(rerun.statusCode).toBe(409);
    expect(rerun.headers["idempotent-replayed"]).toBeUndefined();
    await setKeyAge(principal, "old", "25 hours");
    // And another body under the expired key is a new request, not a reuse.
    const other = await keyed(user, pid, stay(room.id, "2030-04-01", "2030-04-03"), "old");
    expect(other.statusCode).toBe(201);
    expect(await countReservations(db, pid)).toBe(2);
    expect(await keyRows(principal)).toEqual([expect.objectContaining({ key: "old", response_status: 201 })]);
  });

  it("keeps each caller's keys apart: other users and API tokens", async () => {
    const mine = await hotel();
    const theirs = await hotel();
    const a = await keyed(mine.user, mine.pid, stay(mine.room.id), "shared");
    const b = await keyed(theirs.user, theirs.pid, stay(theirs.room.id), "shared");
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);

    const secret = newApiTokenSecret();
    const [token] = await mine.db
      .insert(apiTokens)
      .values({
        propertyId: mine.pid,
        name: "Channel manager",
        role: "manager",
        tokenHash: hashToken(secret),
        createdBy: mine.user.id,
      })
      .returning();
    // Another body under the same key: a shared scope would call this a reuse (422).
    const byToken = await ctx().request("POST", url(mine.pid), {
      body: stay(mine.room.id, "2030-05-01", "2030-05-02"),
      headers: { authorization: `Bearer ${secret}`, "idempotency-key": "shared" },
    });
    expect(byToken.statusCode).toBe(201);
    expect(await keyRows(`token:${token?.id}`)).toEqual([expect.objectContaining({ response_status: 201 })]);
    expect(await countReservations(mine.db, mine.pid)).toBe(2);
  });

  it("answers 400 naming Idempotency-Key for a malformed key, writing nothing", async () => {
    const { user, pid, room, db } = await hotel();
    for (const key of ["", "a".repeat(256), "with space", "caf\u00e9", "tab\there"]) {
      const response = await keyed(user, pid, stay(room.id), key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().error).toEqual({
        code: "validation",
        message: expect.stringMatching(/^Idempotency-Key: /),
      });
    }
    expect(await countReservations(db, pid)).toBe(0);
    expect(await keyRows(`user:${user.id}`)).toEqual([]);
    expect((await keyed(user, pid, stay(room.id), `~${"k".repeat(254)}`)).statusCode).toBe(201);
  });

  it("stores nothing for requests refused before the handler (401, 400)", async () => {
    const { user, pid, room } = await hotel();
    const headers = { "idempotency-key": "early" };
    expect((await ctx().request("POST", url(pid), { body: stay(room.id), headers })).statusCode).toBe(401);
    const invalid = await keyed(user, pid, stay(room.id, "2030-03-12", "2030-03-10"), "early");
    expect(invalid.statusCode).toBe(400);
    expect(await keyRows(`user:${user.id}`)).toEqual([]);
    expect((await keyed(user, pid, stay(room.id), "early")).statusCode).toBe(201);
  });

  it("changes nothing for a POST without the header", async () => {
    const { user, pid, type, db } = await hotel();
    await createRoom(db, pid, { number: "102", roomType: type });
    const body = { roomTypeId: type.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-12" };
    const first = await post(user, pid, body);
    const second = await post(user, pid, body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().id).not.toBe(second.json().id);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keyRows(`user:${user.id}`)).toEqual([]);
  });

  describe("a key claimed by a request still running", () => {
    /**
     * Plays the first request: its transaction claims the key and is still open (on PostgreSQL the second
     * request waits on the key's row; on PGlite, for the one connection), until `finish` commits it with an
     * answer under `hash` (or rolls it back).
     */
    const running = async (user: TestUser, pid: string, key: string, body: ReturnType<typeof stay>) => {
      const hash = requestHash("POST", url(pid), reservationCreateInput.parse(body));
      const run = await openRequestTransaction(ctx().database.db);
      await run.tx.execute(sql`insert into idempotency_keys (principal, key, request_hash)
        values (${`user:${user.id}`}, ${key}, ${hash})`);
      return {
        async answer(status: number, text: string) {
          await run.tx.execute(sql`update idempotency_keys set response_status = ${status},
            response_body = ${text} where principal = ${`user:${user.id}`} and key = ${key}`);
          await run.commit();
        },
        rollback: () => run.rollback(),
      };
    };

    it("waits for its answer and answers that", async () => {
      const { user, pid, room, db } = await hotel();
      const first = await running(user, pid, "running", stay(room.id));
      const waiting = keyed(user, pid, stay(room.id), "running");
      await new Promise((resolve) => setTimeout(resolve, 150));
      await first.answer(201, '{"answer":"the first"}');
      const answer = await waiting;
      expect(answer.statusCode).toBe(201);
      expect(answer.headers["idempotent-replayed"]).toBe("true");
      expect(answer.json()).toEqual({ answer: "the first" });
      expect(await countReservations(db, pid)).toBe(0);
    });

    it("answers 422 for another body once the first has its answer", async () => {
      const { user, pid, room } = await hotel();
      const first = await running(user, pid, "running", stay(room.id));
      const other = keyed(user, pid, stay(room.id, "2030-04-01", "2030-04-03"), "running");
      await first.answer(201, "{}");
      expect((await other).json().error.code).toBe("idempotency_key_reused");
    });

    it("runs the request itself when the first rolls back (a crash, a failed write)", async () => {
      const { user, pid, room, db } = await hotel();
      const first = await running(user, pid, "crashed", stay(room.id));
      const retry = keyed(user, pid, stay(room.id), "crashed");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.rollback();
      const answer = await retry;
      expect(answer.statusCode).toBe(201);
      expect(answer.headers["idempotent-replayed"]).toBeUndefined();
      expect(await countReservations(db, pid)).toBe(1);
    });

    it("takes over a claim without an answer stored before claims committed with their work", async () => {
      const { user, pid, room, db } = await hotel();
      const hash = requestHash("POST", url(pid), reservationCreateInput.parse(stay(room.id)));
      await db.execute(sql`insert into idempotency_keys (principal, key, request_hash)
        values (${`user:${user.id}`}, ${"legacy"}, ${hash})`);
      const answer = await keyed(user, pid, stay(room.id), "legacy");
      expect(answer.statusCode).toBe(201);
      expect(answer.headers["idempotent-replayed"]).toBeUndefined();
      expect(await countReservations(db, pid)).toBe(1);
    });
  });
});
