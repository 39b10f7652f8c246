import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../../domain/events.js";
import { createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import {
  GRID_EFFECT_BY_ENTITY,
  gridEffectOf,
  MAX_PATCHED_EVENTS,
  patchCompactGrid,
} from "./compact-patch.js";
import type { GridAnswer } from "./grid-answer.js";
import { compactAvailabilityJson } from "./service.js";

describe("what each event does to a kept compact grid", () => {
  it("names every kind of record an event is logged on", () => {
    // Payments, charges and invoices are logged on their stay (entity type "reservation"); a day's close
    // on "day_close".
    const onStay = new Set(["payment", "charge", "invoice"]);
    const families = new Set(
      EVENT_TYPES.map((type) => type.split(".")[0] ?? type)
        .filter((f) => !onStay.has(f))
        .map((f) => (f === "day" ? "day_close" : f)),
    );
    expect([...families].filter((family) => !(family in GRID_EFFECT_BY_ENTITY))).toEqual([]);
  });

  it("splices stays, blocks and housekeeping states, and builds for the grid's frame or an unknown kind", () => {
    expect(gridEffectOf("reservation", "payment.recorded")).toBe("stay");
    expect(gridEffectOf("room", "room.hk_status_changed")).toBe("room state");
    expect(gridEffectOf("room", "room.updated")).toBe("build");
    expect(gridEffectOf("room_type", "room_type.updated")).toBe("build");
    expect(gridEffectOf("rate_override", "rate_override.bulk_saved")).toBe("none");
    expect(gridEffectOf("invoice", "invoice.created")).toBe("build");
    expect(gridEffectOf("guest", "guest.updated")).toBe("build");
    expect(gridEffectOf("guest", "guest.created")).toBe("none");
  });
});

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T | undefined {
      return items[Math.floor(next() * items.length)];
    },
  };
}

describeBackends("a kept compact grid brought up to date", (ctx) => {
  const START = "2030-03-10";
  const day = (offset: number) => `2030-03-${String(10 + offset).padStart(2, "0")}`;

  async function hotel() {
    ctx().setNow("2030-03-12T12:00:00Z");
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const types = [
      await createRoomType(db, pid, { name: "Twin" }),
      await createRoomType(db, pid, { name: "Suite" }),
    ];
    const rooms = [];
    for (const [index, number] of ["101", "102", "103", "201"].entries()) {
      rooms.push(await createRoom(db, pid, { number, roomType: types[index % 2] }));
    }
    const api = async (method: "POST" | "PATCH" | "DELETE", path: string, body?: object) => {
      const response = await ctx().request(method, `/api/properties/${pid}${path}`, { as: user, body });
      // A refusal (an overlap, a block, a transition the stay's status does not allow) is part of the game.
      expect(response.statusCode, response.body).toBeLessThan(500);
      return response.statusCode < 300 ? (response.json() as { id: string; status?: string }) : undefined;
    };
    return { pid, db, types, rooms, api };
  }

  it("equals a fresh build after any sequence of stays, moves, check-ins, blocks and housekeeping", async () => {
    const { pid, db, types, rooms, api } = await hotel();
    const rng = random(20301);
    const stays: { id: string; status: string; checkIn: number }[] = [];
    const blocks: string[] = [];
    const reached = new Set<string>();
    const operations = [
      async () => {
        // A third arrive today (day 2), so that some can check in.
        const checkIn = rng.int(3) === 0 ? 2 : 2 + rng.int(14);
        const unassigned = rng.int(5) === 0;
        const stay = await api("POST", "/reservations", {
          guestName: `Guest ${stays.length}`,
          ...(unassigned ? { roomTypeId: rng.pick(types)?.id } : { roomId: rng.pick(rooms)?.id }),
          checkInDate: day(checkIn),
          checkOutDate: day(checkIn + 1 + rng.int(4)),
        });
        if (stay) stays.push({ id: stay.id, status: "booked", checkIn });
      },
      async () => {
        const stay = rng.pick(stays.filter((s) => s.status === "booked" || s.status === "checked_in"));
        if (stay) await api("PATCH", `/reservations/${stay.id}`, { roomId: rng.pick(rooms)?.id });
      },
      async () => {
        const stay = rng.pick(stays.filter((s) => s.status === "booked"));
        if (!stay) return;
        stay.checkIn = 2 + rng.int(14);
        const changed = await api("PATCH", `/reservations/${stay.id}`, {
          checkInDate: day(stay.checkIn),
          checkOutDate: day(stay.checkIn + 1 + rng.int(3)),
        });
        if (!changed) stay.checkIn = -1;
      },
      async () => {
        const stay = rng.pick(stays.filter((s) => s.status === "booked" && s.checkIn === 2));
        if (stay && (await api("PATCH", `/reservations/${stay.id}`, { status: "checked_in" }))) {
          stay.status = "checked_in";
        }
      },
      async () => {
        const stay = rng.pick(stays.filter((s) => s.status === "checked_in" || s.status === "booked"));
        const status = stay?.status === "checked_in" ? "checked_out" : "cancelled";
        if (stay && (await api("PATCH", `/reservations/${stay.id}`, { status }))) stay.status = status;
      },
      async () => {
        const stay = rng.pick(stays);
        if (stay) await api("POST", `/reservations/${stay.id}/payments`, { amount: 10, method: "cash" });
      },
      async () => {
        const start = rng.int(16);
        const block = await api("POST", "/room-blocks", {
          roomId: rng.pick(rooms)?.id,
          startDate: day(start),
          endDate: day(start + 1 + rng.int(3)),
        });
        if (block) blocks.push(block.id);
      },
      async () => {
        const block = blocks.splice(rng.int(blocks.length), 1)[0];
        if (block) await api("DELETE", `/room-blocks/${block}`);
      },
      async () => {
        const hkStatus = rng.pick(["dirty", "in_progress", "clean", "inspected"]);
        await api("PATCH", `/rooms/${rng.pick(rooms)?.id}`, { hkStatus });
      },
      () => api("POST", "/rate-overrides", { date: day(rng.int(15)), roomTypeId: null, price: 90 }),
    ];

    let kept: GridAnswer = await compactAvailabilityJson(db, pid, START, 15);
    for (let step = 0; step < 60; step++) {
      // Sometimes several changes land between two reads.
      for (let change = 1 + (step % 3 === 0 ? rng.int(3) : 0); change > 0; change--) {
        await rng.pick(operations)?.();
      }
      for (const stay of stays) reached.add(stay.status);
      const patched = await patchCompactGrid(db, pid, START, 15, kept);
      // From the rows the last patch kept, and from its JSON alone (as after a build): the same answer.
      const fromJson = await patchCompactGrid(db, pid, START, 15, { seq: kept.seq, json: kept.json });
      const fresh = await compactAvailabilityJson(db, pid, START, 15);
      expect(patched, `step ${step}`).toBeDefined();
      expect(patched?.seq).toBe(fresh.seq);
      expect(JSON.parse(patched?.json ?? "null"), `step ${step}`).toEqual(JSON.parse(fresh.json));
      expect(fromJson?.json, `step ${step}`).toBe(patched?.json);
      if (step > 0) expect(kept.rows, "a patched answer keeps its rows").toBeDefined();
      kept = patched as GridAnswer;
    }
    // The sequence did reach the states it is meant to cover.
    expect(reached).toEqual(new Set(["booked", "checked_in", "checked_out", "cancelled"]));
  });

  it("builds anew after a change to a room or room type, or after more changes than it reads", async () => {
    const { pid, db, rooms, types, api } = await hotel();
    const kept = await compactAvailabilityJson(db, pid, START, 15);
    await api("PATCH", `/rooms/${rooms[0]?.id}`, { number: "101A" });
    expect(await patchCompactGrid(db, pid, START, 15, kept)).toBeUndefined();

    const afterRoom = await compactAvailabilityJson(db, pid, START, 15);
    await api("PATCH", `/room-types/${types[0]?.id}`, { name: "Garden Twin" });
    expect(await patchCompactGrid(db, pid, START, 15, afterRoom)).toBeUndefined();

    const afterType = await compactAvailabilityJson(db, pid, START, 15);
    for (let change = 0; change <= MAX_PATCHED_EVENTS; change++) {
      await api("PATCH", `/rooms/${rooms[1]?.id}`, { hkStatus: change % 2 ? "clean" : "dirty" });
    }
    expect(await patchCompactGrid(db, pid, START, 15, afterType)).toBeUndefined();
  });
});
