import { i18n as englishI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/errors.js";
import { ERROR_WORDS, errorWords, fieldIssueWords, MESSAGE_WORDS } from "./errors.js";
import { shippedI18n } from "./shipped.js";

describe("a refusal's words", () => {
  it("are the server's own sentence in English, naming the record", () => {
    englishI18n.loadAndActivate({ locale: "en", messages: {} });
    expect(errorWords(englishI18n, "conflict", "Room 101 is blocked on 2026-12-01")).toBe(
      "Room 101 is blocked on 2026-12-01",
    );
    const issue = { field: "language", message: "must be a language tag such as en, es or hi" };
    expect(fieldIssueWords(englishI18n, issue)).toEqual(issue);
  });

  it("say SPEC's sentences word for word in English", () => {
    englishI18n.loadAndActivate({ locale: "en", messages: {} });
    for (const key of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[])
      expect(englishI18n._(MESSAGE_WORDS[key])).toBe(MESSAGES[key]);
  });

  it.each([
    "es",
    "hi",
  ])("are translated in %s: known sentences exactly, others by their code", async (language) => {
    const i18n = await shippedI18n(language);
    const roomTaken = errorWords(i18n, "room_unavailable", MESSAGES.roomNotAvailable);
    expect(roomTaken).not.toBe(MESSAGES.roomNotAvailable);
    expect(roomTaken).toBe(i18n._(MESSAGE_WORDS.roomNotAvailable));
    const conflict = errorWords(i18n, "conflict", "Room 101 is blocked on 2026-12-01");
    expect(conflict).toBe(i18n._(ERROR_WORDS.conflict));
    expect(conflict).not.toMatch(/Room 101|clashes/);
    const field = fieldIssueWords(i18n, { field: "checkOutDate", message: MESSAGES.checkOutAfterCheckIn });
    expect(field).toEqual({ field: "checkOutDate", message: i18n._(MESSAGE_WORDS.checkOutAfterCheckIn) });
    expect(field.message).not.toBe(MESSAGES.checkOutAfterCheckIn);
  });
});
