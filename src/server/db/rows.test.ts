import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeBackends } from "../test/harness.js";
import { arrayLiteral, queryRows } from "./rows.js";

describeBackends("an array literal sent as one parameter", (ctx) => {
  it("keeps every text one element, quotes, backslashes, commas and braces included", async () => {
    const values = ["PROP-1", 'a "quoted", {braced} one', "back\\slash\\", "", "NULL", "new\nline"];
    const [row] = await queryRows<{ values: string[] }>(
      ctx().database.db,
      sql`select ${arrayLiteral(values)}::text[] as values`,
    );
    expect(row?.values).toEqual(values);
  });
});
