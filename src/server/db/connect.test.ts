import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openTestDatabase } from "../test/harness.js";
import { queryRows } from "./rows.js";

it("starts PGlite with a 32 MB buffer cache instead of its default 128 MB (the server's idle memory)", async () => {
  const database = await openTestDatabase("pglite");
  try {
    const rows = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    expect(rows).toEqual([{ shared_buffers: "32MB" }]);
  } finally {
    await database.close();
  }
});
