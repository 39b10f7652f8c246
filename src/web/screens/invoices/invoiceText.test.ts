import { describe, expect, it } from "vitest";
import type { FolioLine } from "../../../domain/schemas/folio.js";
import { isVoidable, lineStatus, percentLabel, rateLabel, taxRowLabel, uninvoiced } from "./invoiceText.js";

const line = (overrides: Partial<FolioLine>): FolioLine => ({
  id: "c1",
  kind: "extra",
  date: "2026-11-24",
  description: "Breakfast",
  productId: null,
  quantity: 1,
  unitPrice: 100,
  net: 100,
  tax: 0,
  gross: 100,
  taxRateId: null,
  percent: 0,
  voidedAt: null,
  invoiceId: null,
  ...overrides,
});

describe("tax labels", () => {
  it("writes percentages as people do", () => {
    expect(percentLabel(18)).toBe("18%");
    expect(percentLabel(12.5)).toBe("12.5%");
    expect(percentLabel(7.125)).toBe("7.125%");
  });

  it("names a rate with its percentage, and the untaxed row No tax", () => {
    expect(taxRowLabel({ taxRateId: "t1", name: "GST", percent: 18 })).toBe("GST 18%");
    expect(taxRowLabel({ taxRateId: null, name: "", percent: 0 })).toBe("No tax");
    expect(taxRowLabel({ taxRateId: "t2", name: "Zero-rated", percent: 0 })).toBe("Zero-rated 0%");
    expect(taxRowLabel({ taxRateId: "t3", name: " ", percent: 5 })).toBe("5%");
  });

  it("offers a rate by its name and percentage", () => {
    expect(rateLabel({ name: "GST", percent: 18 })).toBe("GST 18%");
    expect(rateLabel({ name: "VAT", percent: 12.5 })).toBe("VAT 12.5%");
  });
});

describe("folio lines", () => {
  it("voids only posted charges that are neither void nor invoiced", () => {
    expect(isVoidable(line({}))).toBe(true);
    expect(isVoidable(line({ id: null, kind: "room" }))).toBe(false);
    expect(isVoidable(line({ voidedAt: "2026-11-24T11:00:00Z" }))).toBe(false);
    expect(isVoidable(line({ invoiceId: "i1" }))).toBe(false);
  });

  it("says Void before Invoiced", () => {
    expect(lineStatus(line({}))).toBeNull();
    expect(lineStatus(line({ invoiceId: "i1" }))).toBe("Invoiced");
    expect(lineStatus(line({ voidedAt: "2026-11-24T11:00:00Z", invoiceId: "i1" }))).toBe("Void");
  });

  it("sums what the next invoice would bill in minor units, in the currency's decimals", () => {
    const lines = [
      line({ gross: 0.1 }),
      line({ gross: 0.2 }),
      line({ gross: 5, voidedAt: "2026-11-24T11:00:00Z" }),
      line({ gross: 7, invoiceId: "i1" }),
      line({ gross: -0.05, kind: "adjustment" }),
    ];
    expect(uninvoiced(lines, "INR")).toEqual({ count: 3, gross: 0.25 });
    expect(uninvoiced([line({ gross: 1.001 }), line({ gross: 0.002 })], "KWD")).toEqual({
      count: 2,
      gross: 1.003,
    });
    expect(uninvoiced([], "JPY")).toEqual({ count: 0, gross: 0 });
  });
});
