import { expect, it } from "vitest";
import { EVENT_TYPES } from "../../domain/events.js";
import { changedTables } from "./live.js";

const event = (entityType: unknown) =>
  JSON.stringify({
    seq: 7,
    type: "reservation.created",
    propertyId: "4f1c1d7e-0000-4000-8000-000000000000",
    entityType,
    entityId: null,
    occurredAt: "2026-11-24T10:00:00.000Z",
  });

it("refreshes what each kind of event touches, and the activity log for every event", () => {
  expect(changedTables(event("reservation"))).toEqual([
    "reservations",
    "rooms",
    "payments",
    "folio_charges",
    "invoices",
    "activity",
  ]);
  expect(changedTables(event("room_type"))).toEqual(["room_types", "rooms", "rate_overrides", "activity"]);
  for (const type of EVENT_TYPES) {
    expect(changedTables(event(type.split(".")[0])), type).toContain("activity");
  }
});

it("refreshes everything for a kind of record it does not know (a newer server)", () => {
  expect(changedTables(event("spa_booking"))).toContain("reservations");
});

it.each([
  ["an entity type that is not a string", event(["rooms"])],
  ["no entity type", '{"seq":1}'],
  ["null", "null"],
  ["a non-object", '"rooms"'],
  ["broken JSON", "{"],
])("ignores %s", (_, data) => {
  expect(changedTables(data)).toEqual([]);
});
