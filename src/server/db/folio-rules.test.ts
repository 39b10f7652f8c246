/**
 * The database's copy of the folio's tax arithmetic (migration 0022 `innkeep_line_tax`, used by the stays'
 * folio totals) must agree with its one definition, src/domain/tax.ts `lineAmounts`, for every amount,
 * percentage, tax mode and currency precision: checked with random cases, on each backend. The folio totals
 * the database keeps are compared with the folio the server lays out in src/server/modules/folio/folio.test.ts.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineAmounts, percentMilli } from "../../domain/tax.js";
import { backends, openTestDatabase } from "../test/harness.js";
import type { Database } from "./connect.js";
import { queryRows } from "./rows.js";

/** One case: a line of `quantity × unitMinor` minor units, a rate, a mode, a currency's digits. */
const lineCase = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }),
  // Negative too: an adjustment.
  unitMinor: fc.integer({ min: -10_000_000, max: 100_000_000 }),
  percent: fc.integer({ min: 0, max: 100_000 }).map((milli) => milli / 1000),
  inclusive: fc.boolean(),
  digits: fc.constantFrom(0, 2, 3),
});

for (const backend of backends()) {
  describe(`the database's line tax matches the domain's [${backend}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(backend);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("for random amounts, percentages, modes and currency precisions", async () => {
      const cases = fc.sample(lineCase, { numRuns: 400, seed: 20261127 });
      // Edge cases: exact halves in both modes, 100 %, nothing.
      cases.push(
        { quantity: 1, unitMinor: 5, percent: 10, inclusive: false, digits: 2 },
        { quantity: 1, unitMinor: -5, percent: 10, inclusive: false, digits: 2 },
        { quantity: 1, unitMinor: 210, percent: 5, inclusive: true, digits: 2 },
        { quantity: 3, unitMinor: 3333, percent: 100, inclusive: true, digits: 0 },
        { quantity: 1, unitMinor: 0, percent: 18, inclusive: true, digits: 3 },
      );
      const values = cases.map(
        (c, i) =>
          sql`(${i}::int, ${(c.quantity * c.unitMinor) / 10 ** c.digits}::numeric, ${c.percent}::numeric, ${c.inclusive}::boolean, ${c.digits}::int)`,
      );
      const answered = await queryRows<{ i: number; tax: string }>(
        database.db,
        sql`select i, innkeep_line_tax(amount, percent, inclusive, digits)::text as tax
            from (values ${sql.join(values, sql`, `)}) as t(i, amount, percent, inclusive, digits) order by i`,
      );
      const mismatches = cases.flatMap((c, i) => {
        const expected = lineAmounts(
          { quantity: c.quantity, unitPrice: c.unitMinor, percentMilli: percentMilli(c.percent) },
          c.inclusive ? "inclusive" : "exclusive",
        ).tax;
        const got = Math.round(Number(answered[i]?.tax) * 10 ** c.digits);
        return got === expected ? [] : [{ ...c, expected, got }];
      });
      expect(mismatches).toEqual([]);
    });
  });
}
