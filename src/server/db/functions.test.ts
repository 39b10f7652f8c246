/**
 * The committed functions.sql is the current definition of every database function and trigger: it must
 * match what the migrations leave in a fresh database, on each backend.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { FUNCTIONS_FILE, functionsSql } from "../../../scripts/db-functions.js";
import { backends, openTestDatabase } from "../test/harness.js";

for (const backend of backends()) {
  describe(`functions.sql [${backend}]`, () => {
    it("matches the migrated database's functions and triggers", async () => {
      const database = await openTestDatabase(backend);
      try {
        const current = await functionsSql(database.db);
        const committed = fs.readFileSync(FUNCTIONS_FILE, "utf8");
        expect(
          committed,
          "src/server/db/functions.sql differs from the migrated database: run `npm run db:functions` and commit it",
        ).toBe(current);
      } finally {
        await database.close();
      }
    });
  });
}
