import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createRooms, createRoomType } from "../test/factories.js";
import { describeBackends } from "../test/harness.js";
import { keptEncodingFor } from "./compression.js";

describeBackends("response compression", (ctx) => {
  async function gridOf200Rooms() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const type = await createRoomType(db, pid, { name: "Standard" });
    await createRooms(
      db,
      pid,
      Array.from({ length: 200 }, (_, i) => String(i + 1)),
      type,
    );
    return { user, url: `/api/properties/${pid}/availability?start=2030-03-10` };
  }

  it("compresses a large JSON answer with what the client accepts, to the same JSON", async () => {
    const { user, url } = await gridOf200Rooms();
    const plain = await ctx().request("GET", url, { as: user });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    for (const encoding of ["br", "gzip"] as const) {
      const response = await ctx().request("GET", url, {
        as: user,
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      const body = decoders[encoding](response.rawPayload);
      expect(response.rawPayload.length).toBeLessThan(body.length / 4);
      expect(JSON.parse(body.toString("utf8"))).toEqual(plain.json());
    }
  });

  it("sends the grid kept compressed between changes, and the new grid after one", async () => {
    const { user, url } = await gridOf200Rooms();
    const read = async () => {
      const response = await ctx().request("GET", url, { as: user, headers: { "accept-encoding": "br" } });
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      return response.rawPayload;
    };
    const first = await read();
    // Between changes the same bytes: compressed once, not again for each read.
    expect((await read()).equals(first)).toBe(true);
    const grid = JSON.parse(brotliDecompressSync(first).toString("utf8"));
    const room = grid.rooms[0];
    const booked = await ctx().request("POST", url.replace(/\/availability.*/, "/reservations"), {
      as: user,
      body: {
        guestName: "Kept Apart",
        roomId: room.id,
        checkInDate: "2030-03-11",
        checkOutDate: "2030-03-12",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = JSON.parse(brotliDecompressSync(await read()).toString("utf8"));
    expect(after.stays.map((stay: { guestName: string }) => stay.guestName)).toEqual(["Kept Apart"]);
    const plain = await ctx().request("GET", url, { as: user });
    expect(after).toEqual(plain.json());
  });

  it("leaves small answers alone", async () => {
    const user = await ctx().signIn();
    const response = await ctx().request("GET", "/api/session", {
      as: user,
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json().user.id).toBe(user.id);
  });

  it("does not inflate compressed request bodies: a gzip body is refused with 400, writing nothing", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const response = await ctx().app.inject({
      method: "POST",
      url: `/api/properties/${pid}/room-types`,
      headers: { cookie: user.cookie, "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ name: "Zipped", capacity: 2, baseRate: 100 })),
    });
    expect(response.statusCode).toBe(400);
    const list = await ctx().request("GET", `/api/properties/${pid}/room-types`, { as: user });
    expect(list.json()).toEqual([]);
  });
});

describe("the encoding a kept answer is sent in", () => {
  it("is the one @fastify/compress would pick among Brotli and gzip, or none", () => {
    expect(keptEncodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(keptEncodingFor("br;q=0, gzip")).toBe("gzip");
    expect(keptEncodingFor("GZIP")).toBe("gzip");
    expect(keptEncodingFor("x-gzip")).toBe("gzip");
    expect(keptEncodingFor("*")).toBe("gzip");
    expect(keptEncodingFor("deflate")).toBeUndefined();
    expect(keptEncodingFor("identity")).toBeUndefined();
    expect(keptEncodingFor(undefined)).toBeUndefined();
  });

  it("takes a malformed header as asking for neither, without throwing", () => {
    for (const header of ["br;q=abc", ";;;,,,", "gzip;q=0, br;q=0", "\u0000br", "x".repeat(100_000)]) {
      expect(keptEncodingFor(header)).toBeUndefined();
    }
  });
});
