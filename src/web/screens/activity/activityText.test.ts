import { i18n, type MessageDescriptor } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY_RECORD_LABELS, FIELD_LABELS } from "../../../domain/activity-fields.js";
import * as domain from "../../../domain/activity-text.js";
import { EVENT_TYPES } from "../../../domain/events.js";
import { ROLE_LABELS } from "../../../domain/permissions.js";
import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { activityText, activityTime, subjectText } from "./activityText.js";
import { ACTIVITY_RECORD_WORDS, FIELD_WORDS, ROLE_WORDS } from "./activityWords.js";

const CONTEXT = { currency: "INR", timeZone: "Asia/Kolkata", today: "2026-11-26" };
const ROOM_TYPE = "7a0c7a2e-7d51-4a52-9a8e-1a2b3c4d5e6f";
const ROOM = "8b1d8b3f-8e62-4b63-8b9f-2b3c4d5e6f70";
const NO_SUBJECT = { name: null, code: null, room: null, date: null, roomType: null };

function entry(partial: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: "0d9c0a1e-1111-4a52-9a8e-1a2b3c4d5e6f",
    at: "2026-11-26T08:35:00Z",
    actorId: null,
    actorName: "Meera",
    action: "room.updated",
    entityType: "room",
    entityId: ROOM,
    changes: {},
    subject: null,
    names: {},
    ...partial,
  };
}

const change = (before: unknown, after: unknown) => ({ before, after });

/** Changes of every kind of value the log writes, alone and together. */
const CHANGE_SETS: ActivityEntry["changes"][] = [
  {},
  { hkStatus: change("clean", "in_progress") },
  { status: change("booked", "checked_in"), roomNumber: change(null, "101") },
  { price: change("2000.00", "2500.00") },
  { price: change(null, "2500.00"), minLOS: change(null, 1), stopSell: change(null, false) },
  { minLOS: change(1, 3) },
  { amount: change(null, "1500.50"), method: change(null, "bank_transfer"), note: change(null, "Deposit") },
  { amount: change("1500.00", "1500.00"), voidedAt: change(null, "2026-11-26T08:35:00Z") },
  { description: change(null, "Breakfast"), quantity: change(null, 2), gross: change(null, "400.00") },
  { description: change("Breakfast", null), gross: change("200.00", null) },
  { number: change(null, "INV-0001"), gross: change(null, "6000.00"), invoice: change("INV-0001", null) },
  { date: change(null, "2026-11-25"), automatic: change(null, true) },
  { role: change("front_desk", "manager") },
  { role: change(null, "housekeeping") },
  { checkOutDate: change("2026-12-26", "2027-01-02"), roomTypeId: change(ROOM_TYPE, ROOM) },
  {
    tags: change(["VIP"], []),
    marketingConsent: change(false, true),
    expiresAt: change(null, "2027-01-01T00:00:00Z"),
  },
  { name: change(null, "Deluxe"), capacity: change(null, 2), events: change(null, ["reservation.created"]) },
  { name: change("Deluxe", null), floor: change(2, null) },
  { status: change("checked_in", "booked") },
];

const SUBJECTS = [
  null,
  NO_SUBJECT,
  { ...NO_SUBJECT, name: "Asha Rao", code: "RES-7K2Q9", room: "101" },
  { ...NO_SUBJECT, code: "RES-7K2Q9" },
  { ...NO_SUBJECT, name: "204", room: "204" },
  { ...NO_SUBJECT, date: "2026-12-24", roomType: "Deluxe" },
  { ...NO_SUBJECT, date: "2027-01-02" },
  { ...NO_SUBJECT, roomType: "Deluxe" },
];

const ENTITY_TYPES = [
  "reservation",
  "guest",
  "room",
  "room_type",
  "rate_override",
  "room_block",
  "property",
  "member",
  "invitation",
  "api_token",
  "webhook",
  "tax_rate",
  "product",
  "rate_plan",
  "day_close",
  "something_new",
];

beforeAll(() => {
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("the activity log's words", () => {
  it("say in English exactly what src/domain/activity-fields.ts and permissions.ts say", () => {
    const words = (map: Readonly<Record<string, MessageDescriptor>>) =>
      Object.fromEntries(Object.entries(map).map(([key, descriptor]) => [key, i18n._(descriptor)]));
    expect(words(FIELD_WORDS)).toEqual(FIELD_LABELS);
    expect(words(ACTIVITY_RECORD_WORDS)).toEqual(ACTIVITY_RECORD_LABELS);
    expect(words(ROLE_WORDS)).toEqual(
      Object.fromEntries(Object.entries(ROLE_LABELS).map(([role, name]) => [role, name.toLowerCase()])),
    );
  });

  it("write every sentence, subject and time in English as the domain does", () => {
    const actions = [...EVENT_TYPES, "reservation.booked", "api_token.something_else"];
    let compared = 0;
    const compare = (given: ActivityEntry) => {
      expect(activityText(given, CONTEXT), given.action).toEqual(domain.activityText(given, CONTEXT));
      expect(subjectText(given, CONTEXT)).toBe(domain.subjectText(given, CONTEXT));
      compared++;
    };
    const names = { [ROOM_TYPE]: "Deluxe" };
    // Each action with its own kind of record and every kind of change …
    for (const action of actions) {
      const [type = ""] = action.split(".");
      const entityType = type === "payment" || type === "charge" || type === "invoice" ? "reservation" : type;
      for (const subject of SUBJECTS) {
        for (const changes of CHANGE_SETS) compare(entry({ action, entityType, subject, changes, names }));
      }
    }
    // … and the generic verbs with every kind of record.
    for (const entityType of ENTITY_TYPES) {
      for (const verb of ["created", "updated", "saved", "deleted", "revoked", "archived"]) {
        for (const subject of SUBJECTS) {
          for (const changes of CHANGE_SETS.slice(0, 6)) {
            compare(entry({ action: `${entityType}.${verb}`, entityType, subject, changes, names }));
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(activityTime("2026-11-26T20:35:00Z", "Asia/Kolkata")).toBe("27 Nov 2026, 02:05");
  }, 30_000);
});
