import { describe, expect, it } from "vitest";
import {
  buildFolio,
  type FolioInput,
  lineKey,
  type PostedLine,
  roomNightLabel,
  roomNightType,
} from "./folio.js";

const posted = (overrides: Partial<PostedLine>): PostedLine => ({
  id: "c1",
  kind: "extra",
  date: "2026-11-28",
  productId: null,
  description: "Breakfast",
  quantity: 2,
  unitPrice: 350,
  taxRateId: "gst",
  taxName: "GST",
  percent: 18,
  net: 593.22,
  tax: 106.78,
  gross: 700,
  voidedAt: null,
  ...overrides,
});

const input = (overrides: Partial<FolioInput> = {}): FolioInput => ({
  currency: "INR",
  mode: "inclusive",
  stay: { checkInDate: "2026-11-27", nightlyRates: [1000, 1200], adults: 2, roomLabel: "Deluxe, one night" },
  roomTax: { id: "gst", name: "GST", percent: 12 },
  cityTax: { perAdultPerNight: 0, name: "" },
  posted: [],
  payments: 0,
  invoiced: new Map(),
  ...overrides,
});

describe("buildFolio", () => {
  it("lays out a night per date at its price, taxed at the room type's rate", () => {
    const folio = buildFolio(input());
    expect(folio.lines.map((line) => [line.kind, line.date, line.gross, line.tax])).toEqual([
      ["room", "2026-11-27", 1000, 107.14],
      ["room", "2026-11-28", 1200, 128.57],
    ]);
    expect(folio).toMatchObject({ gross: 2200, tax: 235.71, net: 1964.29, balance: 2200 });
    expect(folio.taxes).toEqual([{ taxRateId: "gst", name: "GST", percent: 12, net: 1964.29, tax: 235.71 }]);
  });

  it("adds tax to net prices, the city tax untaxed, and keeps posted lines as posted", () => {
    const folio = buildFolio(
      input({
        mode: "exclusive",
        cityTax: { perAdultPerNight: 50, name: "" },
        posted: [posted({}), posted({ id: "c2", description: "Minibar", voidedAt: "2026-11-28T10:00:00Z" })],
        payments: 1000,
      }),
    );
    expect(folio.lines.map((line) => [line.kind, line.gross])).toEqual([
      ["room", 1120],
      ["room", 1344],
      ["city_tax", 200],
      ["extra", 700],
      ["extra", 700],
    ]);
    expect(folio.lines[2]).toMatchObject({ description: "City tax", quantity: 4, unitPrice: 50, tax: 0 });
    // The void line is listed but counts nowhere.
    expect(folio).toMatchObject({ gross: 1120 + 1344 + 200 + 700, payments: 1000, balance: 2364 });
    expect(folio.taxes).toEqual([
      { taxRateId: "gst", name: "GST", percent: 12, net: 2200, tax: 264 },
      { taxRateId: null, name: "", percent: 0, net: 200, tax: 0 },
      { taxRateId: "gst", name: "GST", percent: 18, net: 593.22, tax: 106.78 },
    ]);
  });

  it("marks the lines on an invoice that stands by their keys", () => {
    const line = posted({});
    const folio = buildFolio(
      input({
        posted: [line],
        invoiced: new Map([
          ["room:2026-11-28", "inv1"],
          [`charge:${line.id}`, "inv1"],
        ]),
      }),
    );
    expect(folio.lines.map((each) => each.invoiceId)).toEqual([null, "inv1", "inv1"]);
    expect(lineKey({ id: null, kind: "city_tax", date: "2026-11-27" })).toBe("city_tax");
  });
});

describe("a night's label", () => {
  it("names the room type, or any room, and gives the type back", () => {
    expect(roomNightLabel("Deluxe")).toBe("Deluxe, one night");
    expect(roomNightLabel("")).toBe("Room, one night");
    expect(roomNightType(roomNightLabel("Deluxe"))).toBe("Deluxe");
    expect(roomNightType(roomNightLabel(""))).toBe("");
    expect(roomNightType("Breakfast")).toBeNull();
  });
});
