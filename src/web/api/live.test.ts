import { expect, it } from "vitest";
import { LIVE_TABLES } from "../../domain/constants.js";
import { changedTable } from "./live.js";

it("reads the table of every kind of change event the server sends", () => {
  for (const table of LIVE_TABLES) {
    const event = { propertyId: "4f1c1d7e-0000-4000-8000-000000000000", table, op: "update", id: "x" };
    expect(changedTable(JSON.stringify(event))).toBe(table);
  }
});

it.each([
  ["an unknown table", '{"table":"users"}'],
  ["a table that is not a string", '{"table":["rooms"]}'],
  ["no table", '{"op":"insert"}'],
  ["null", "null"],
  ["a non-object", '"rooms"'],
  ["broken JSON", "{"],
])("ignores %s", (_, data) => {
  expect(changedTable(data)).toBeNull();
});
