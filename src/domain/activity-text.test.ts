import { describe, expect, it } from "vitest";
import { activityText, formatActivityTime } from "./activity-text.js";
import { formatDay } from "./dates.js";
import { EVENT_TYPES } from "./events.js";
import type { ActivityEntry } from "./schemas/activity.js";

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

const stay = { ...NO_SUBJECT, name: "Asha Rao", code: "RES-7K2Q9", room: "101" };

describe("activity sentences", () => {
  it.each([
    [
      "a room's housekeeping status",
      entry({
        action: "room.hk_status_changed",
        changes: { hkStatus: { before: "clean", after: "in_progress" } },
        subject: { ...NO_SUBJECT, name: "204" },
      }),
      "Room 204: clean → in progress",
      [],
    ],
    [
      "a check-in",
      entry({
        action: "reservation.checked_in",
        entityType: "reservation",
        changes: { status: { before: "booked", after: "checked_in" } },
        subject: stay,
      }),
      "Asha Rao (RES-7K2Q9) checked in to 101",
      ["Status: booked → checked in"],
    ],
    [
      "a stay without a guest name, cancelled",
      entry({
        action: "reservation.cancelled",
        entityType: "reservation",
        changes: { status: { before: "booked", after: "cancelled" } },
        subject: { ...stay, name: null },
      }),
      "RES-7K2Q9 cancelled",
      ["Status: booked → cancelled"],
    ],
    [
      "an edit of a stay",
      entry({
        action: "reservation.updated",
        entityType: "reservation",
        changes: {
          checkOutDate: { before: "2026-12-26", after: "2027-01-02" },
          total: { before: "4000.00", after: "6000.00" },
          roomId: { before: ROOM, after: "9c2e9c40-9f73-4c74-9ca0-3c4d5e6f7081" },
          roomNumber: { before: "101", after: "102" },
          roomTypeId: { before: ROOM_TYPE, after: ROOM_TYPE.replace("7a", "6b") },
        },
        subject: stay,
        names: { [ROOM_TYPE]: "Deluxe", [ROOM_TYPE.replace("7a", "6b")]: "Suite" },
      }),
      "Asha Rao (RES-7K2Q9) changed",
      [
        "Check-out: 26 Dec → 2 Jan 2027",
        "Total: ₹4,000.00 → ₹6,000.00",
        "Room: 101 → 102",
        "Room type: Deluxe → Suite",
      ],
    ],
    [
      "a rate override's price",
      entry({
        action: "rate_override.updated",
        entityType: "rate_override",
        changes: { price: { before: "2000.00", after: "2500.00" } },
        subject: { ...NO_SUBJECT, date: "2026-12-24", roomType: "Deluxe" },
      }),
      "Rate override for 24 Dec (Deluxe): price ₹2,000.00 → ₹2,500.00",
      [],
    ],
    [
      "a payment",
      entry({
        action: "payment.recorded",
        entityType: "reservation",
        changes: {
          id: { before: null, after: ROOM },
          amount: { before: null, after: "1500.50" },
          method: { before: null, after: "bank_transfer" },
          note: { before: null, after: "Deposit" },
        },
        subject: stay,
      }),
      "Payment of ₹1,500.50 (bank transfer) recorded for Asha Rao (RES-7K2Q9)",
      ["Note: Deposit"],
    ],
    [
      "a voided payment",
      entry({
        action: "payment.voided",
        entityType: "reservation",
        changes: {
          voidedAt: { before: null, after: "2026-11-26T08:35:00Z" },
          amount: { before: "1500.00", after: "1500.00" },
        },
        subject: stay,
      }),
      "Payment of ₹1,500.00 voided for Asha Rao (RES-7K2Q9)",
      [],
    ],
    [
      "a new room",
      entry({
        action: "room.created",
        changes: {
          number: { before: null, after: "204" },
          floor: { before: null, after: 2 },
          roomTypeName: { before: null, after: "Deluxe" },
        },
        subject: { ...NO_SUBJECT, name: "204" },
      }),
      "Room 204 added",
      ["Floor: 2", "Room type: Deluxe"],
    ],
    [
      "a new stay, without repeating its name and code",
      entry({
        action: "reservation.created",
        entityType: "reservation",
        changes: {
          code: { before: null, after: "RES-7K2Q9" },
          guestName: { before: null, after: "Asha Rao" },
          roomId: { before: null, after: ROOM },
          roomNumber: { before: null, after: "101" },
          checkInDate: { before: null, after: "2026-12-24" },
          total: { before: null, after: "6000.00" },
        },
        subject: stay,
      }),
      "Asha Rao (RES-7K2Q9) booked",
      ["Room: 101", "Check-in: 24 Dec", "Total: ₹6,000.00"],
    ],
    [
      "a new rate override",
      entry({
        action: "rate_override.saved",
        entityType: "rate_override",
        changes: {
          date: { before: null, after: "2026-12-24" },
          roomTypeId: { before: null, after: ROOM_TYPE },
          price: { before: null, after: "2500.00" },
          minLOS: { before: null, after: 1 },
          stopSell: { before: null, after: false },
        },
        subject: { ...NO_SUBJECT, date: "2026-12-24", roomType: "Deluxe" },
        names: { [ROOM_TYPE]: "Deluxe" },
      }),
      "Rate override for 24 Dec (Deluxe) saved",
      ["Price: ₹2,500.00", "Minimum stay: 1 night", "Stop sell: no"],
    ],
    [
      "a deleted room",
      entry({
        action: "room.deleted",
        changes: { number: { before: "204", after: null }, floor: { before: 2, after: null } },
        subject: { ...NO_SUBJECT, name: "204" },
      }),
      "Room 204 deleted",
      [],
    ],
    [
      "a role change",
      entry({
        action: "member.role_changed",
        entityType: "member",
        changes: { role: { before: "front_desk", after: "manager" } },
        subject: { ...NO_SUBJECT, name: "Ravi" },
      }),
      "Ravi: front desk → manager",
      [],
    ],
  ])("reads %s", (_, given, sentence, details) => {
    expect(activityText(given, CONTEXT)).toEqual({ sentence, details });
  });

  it("never shows a field name, an id or a raw code, for any action", () => {
    for (const action of EVENT_TYPES) {
      const [type = ""] = action.split(".");
      const text = activityText(
        entry({
          action,
          entityType: type === "payment" ? "reservation" : type,
          changes: {
            roomId: { before: null, after: ROOM },
            roomTypeId: { before: ROOM, after: ROOM_TYPE },
            status: { before: "checked_in", after: "no_show" },
            hkStatus: { before: "in_progress", after: "clean" },
            voidedAt: { before: null, after: "2026-11-26T08:35:00Z" },
          },
          subject: { ...NO_SUBJECT, name: "X" },
        }),
        CONTEXT,
      );
      const all = [text.sentence, ...text.details].join("\n");
      expect(all, action).not.toMatch(/roomId|roomTypeId|voidedAt|hkStatus|checked_in|no_show|in_progress|_/);
      expect(all, action).not.toContain(ROOM);
      expect(all, action).not.toContain(ROOM_TYPE);
    }
  });

  it("tells the time on the hotel's clock and dates without this year", () => {
    expect(formatActivityTime("2026-11-26T20:35:00Z", "Asia/Kolkata")).toBe("27 Nov 2026, 02:05");
    expect(formatActivityTime("2026-11-26T20:35:00Z", "America/New_York")).toBe("26 Nov 2026, 15:35");
    expect(formatDay("2026-12-24", "2026-11-26")).toBe("24 Dec");
    expect(formatDay("2027-01-02", "2026-11-26")).toBe("2 Jan 2027");
  });
});
