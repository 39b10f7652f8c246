/**
 * Reading the activity log over HTTP (docs/product.md#activity-log): entries name their record, the filters
 * (kind of record, person, the hotel's days) narrow a page, and who may read what (the whole log: owners and
 * managers; one stay's history: the front desk too; housekeeping: nothing).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { activity } from "../../db/schema.js";
import { addMember } from "../../hardening/support.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("activity log", (ctx) => {
  const { hotel, post, patch } = reservationApi(ctx);
  const log = (pid: string, query = "") => `/api/properties/${pid}/activity${query ? `?${query}` : ""}`;
  async function read(user: TestUser, pid: string, query = ""): Promise<ActivityEntry[]> {
    const response = await ctx().request("GET", log(pid, query), { as: user });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ActivityEntry[];
  }

  /** A hotel where the owner books Asha Rao into 101, checks her in, and a manager marks room 101 dirty. */
  async function busyHotel() {
    const h = await hotel();
    const booked = await post(h.user, h.pid, {
      guestName: "Asha Rao",
      roomId: h.room.id,
      checkInDate: "2029-01-01",
      checkOutDate: "2029-01-03",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const stay = booked.json() as { id: string; code: string };
    expect((await patch(h.user, h.pid, stay.id, "checked_in")).statusCode).toBe(200);
    const manager = await addMember(ctx(), h.user, h.pid, "manager");
    const hk = await ctx().request("PATCH", `/api/properties/${h.pid}/rooms/${h.room.id}`, {
      as: manager,
      body: { hkStatus: "dirty" },
    });
    expect(hk.statusCode, hk.body).toBe(200);
    return { ...h, stay, manager };
  }

  it("names each entry's record and the records its changes refer to", async () => {
    const { user, pid, stay, type } = await busyHotel();
    const entries = await read(user, pid);
    const hk = entries.find((entry) => entry.action === "room.hk_status_changed");
    expect(hk?.subject).toMatchObject({ name: "101", roomType: "Deluxe" });
    const checkIn = entries.find((entry) => entry.action === "reservation.checked_in");
    expect(checkIn?.subject).toMatchObject({ name: "Asha Rao", code: stay.code, room: "101" });
    const created = entries.find((entry) => entry.action === "reservation.created");
    expect(created?.subject).toMatchObject({ name: "Asha Rao", code: stay.code });
    // A room type changed on a stay is named by the server, not shown as an id.
    const edit = await ctx().request("PATCH", `/api/properties/${pid}/room-types/${type.id}`, {
      as: user,
      body: { name: "Deluxe King" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [renamed] = await read(user, pid, "entityType=room_type");
    expect(renamed?.subject).toMatchObject({ name: "Deluxe King" });
  });

  it("names a deleted record from what its entries stored", async () => {
    const { user, pid, type } = await hotel();
    const made = await ctx().request("POST", `/api/properties/${pid}/rooms`, {
      as: user,
      body: { number: "909", roomTypeId: type.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: string };
    expect(
      (await ctx().request("DELETE", `/api/properties/${pid}/rooms/${id}`, { as: user })).statusCode,
    ).toBe(200);
    const [deleted, added] = await read(user, pid, `entityId=${id}`);
    expect(deleted).toMatchObject({ action: "room.deleted", subject: { name: "909" } });
    expect(added).toMatchObject({ action: "room.created", subject: { name: "909" } });
  });

  it("filters by kind of record, person and the hotel's days", async () => {
    const { user, pid, manager, room } = await busyHotel();
    const rooms = await read(user, pid, "entityType=room");
    expect(rooms.map((entry) => entry.action)).toEqual(["room.hk_status_changed"]);
    const stays = await read(user, pid, "entityType=reservation");
    expect(stays.map((entry) => entry.action)).toEqual(["reservation.checked_in", "reservation.created"]);
    const byManager = await read(user, pid, `actorId=${manager.id}`);
    expect(byManager.every((entry) => entry.actorId === manager.id)).toBe(true);
    expect(byManager.map((entry) => entry.action)).toContain("room.hk_status_changed");
    expect(byManager.map((entry) => entry.action)).not.toContain("reservation.created");
    expect(await read(user, pid, `actorId=${manager.id}&entityType=reservation`)).toEqual([]);

    // Days are the hotel's (Asia/Kolkata, UTC+5:30): 23:00 UTC on 9 Mar is 04:30 on 10 Mar there.
    const db = ctx().database.db;
    await db.insert(activity).values([
      {
        propertyId: pid,
        actorName: "Night audit",
        action: "room.updated",
        entityType: "room",
        entityId: room.id,
        at: "2030-03-09T23:00:00Z",
        propertySeq: 0,
      },
      {
        propertyId: pid,
        actorName: "Night audit",
        action: "room.updated",
        entityType: "room",
        entityId: room.id,
        at: "2030-03-09T18:00:00Z",
        propertySeq: 0,
      },
      {
        propertyId: pid,
        actorName: "Night audit",
        action: "room.updated",
        entityType: "room",
        entityId: room.id,
        at: "2030-03-10T18:29:00Z",
        propertySeq: 0,
      },
      {
        propertyId: pid,
        actorName: "Night audit",
        action: "room.updated",
        entityType: "room",
        entityId: room.id,
        at: "2030-03-10T18:31:00Z",
        propertySeq: 0,
      },
    ]);
    const tenth = await read(user, pid, "from=2030-03-10&to=2030-03-10");
    expect(tenth.map((entry) => entry.at)).toEqual(["2030-03-10T18:29:00.000Z", "2030-03-09T23:00:00.000Z"]);
    expect(await read(user, pid, "from=2030-03-11")).toHaveLength(1);
    expect((await read(user, pid, "to=2030-03-09")).map((entry) => entry.at)).toContain(
      "2030-03-09T18:00:00.000Z",
    );
    expect(await read(user, pid, "from=&to=&entityType=&actorId=")).toHaveLength(
      (await read(user, pid)).length,
    );
  });

  it.each([
    ["an unknown kind of record", "entityType=spaceship", "entityType"],
    ["a person who is not an id", "actorId=meera", "actorId"],
    ["an impossible date", "from=2030-02-30", "from"],
    ["a range that ends before it starts", "from=2030-03-10&to=2030-03-09", "to"],
    ["a page over the limit", "limit=201", "limit"],
    ["an unknown filter", "guest=asha", ""],
  ])("answers 400 for %s", async (_, query, field) => {
    const { user, pid } = await hotel();
    const response = await ctx().request("GET", log(pid, query), { as: user });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toContain(field);
  });

  it("never answers 5xx, whatever the query string", async () => {
    const { user, pid } = await hotel();
    const values = fc.oneof(
      fc.string().map(encodeURIComponent),
      fc.constantFrom("2030-03-10", "room", "reservation", "%ED%A0%80", "%FF", "%ZZ", "'", "", user.id),
    );
    const keys = fc.constantFrom("entityType", "actorId", "from", "to", "entityId", "limit", "before");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(keys, values), { maxLength: 4 }), async (pairs) => {
        const query = pairs.map(([key, value]) => `${key}=${value}`).join("&");
        const response = await ctx().request("GET", log(pid, query), { as: user });
        expect([200, 400], `${query}: ${response.body}`).toContain(response.statusCode);
      }),
      { numRuns: 40 },
    );
  });

  describe("who may read it", () => {
    it("lets the front desk read one stay's history, as sentences' subjects, and nothing else", async () => {
      const { user, pid, stay, room } = await busyHotel();
      const clerk = await addMember(ctx(), user, pid, "front_desk");
      const history = await read(clerk, pid, `entityId=${stay.id}`);
      expect(history.map((entry) => entry.action)).toEqual(["reservation.checked_in", "reservation.created"]);
      expect(history[0]?.subject).toMatchObject({ name: "Asha Rao", code: stay.code });
      for (const query of ["", `entityId=${room.id}`, "entityType=reservation", `entityId=${clerk.id}`]) {
        const response = await ctx().request("GET", log(pid, query), { as: clerk });
        expect(response.statusCode, query).toBe(403);
      }
    });

    it("never shows housekeeping guest data, not even one stay's history", async () => {
      const { user, pid, stay } = await busyHotel();
      const housekeeper = await addMember(ctx(), user, pid, "housekeeping");
      for (const query of ["", `entityId=${stay.id}`]) {
        const response = await ctx().request("GET", log(pid, query), { as: housekeeper });
        expect(response.statusCode, query).toBe(403);
      }
    });

    it("keeps another property's stays out of a clerk's reach", async () => {
      const { stay } = await busyHotel();
      const other = await hotel();
      const clerk = await addMember(ctx(), other.user, other.pid, "front_desk");
      const response = await ctx().request("GET", log(other.pid, `entityId=${stay.id}`), { as: clerk });
      expect(response.statusCode).toBe(403);
      expect(await read(other.user, other.pid, `entityId=${stay.id}`)).toEqual([]);
    });
  });
});
