import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { PAYMENT_KINDS } from "../../domain/constants.js";
import * as domain from "../../domain/labels.js";
import { ROLE_LABELS } from "../../domain/permissions.js";
import * as words from "./labels.js";

/** Each screen label's English is the domain's one definition, word for word. */
const PAIRS = [
  [words.RESERVATION_STATUS_WORDS, domain.RESERVATION_STATUS_LABELS],
  [words.HK_STATUS_WORDS, domain.HK_STATUS_LABELS],
  [words.ROOM_STATUS_WORDS, domain.ROOM_STATUS_LABELS],
  [words.PAYMENT_METHOD_WORDS, domain.PAYMENT_METHOD_LABELS],
  [words.INVOICE_KIND_WORDS, domain.INVOICE_KIND_LABELS],
  [words.INVOICE_STATUS_WORDS, domain.INVOICE_STATUS_LABELS],
  [words.EMAIL_STATUS_WORDS, domain.EMAIL_STATUS_LABELS],
  [words.EMAIL_KIND_WORDS, domain.EMAIL_KIND_LABELS],
  [words.DOCUMENT_TYPE_WORDS, domain.DOCUMENT_TYPE_LABELS],
  [words.ROLE_WORDS, ROLE_LABELS],
] as const;

describe("screen labels", () => {
  it("say in English exactly what src/domain/labels.ts says", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    for (const [screen, english] of PAIRS) {
      const shown = Object.fromEntries(
        Object.entries(screen).map(([code, descriptor]) => [code, i18n._(descriptor)]),
      );
      expect(shown).toEqual(english);
    }
    const kinds = Object.entries(words.PAYMENT_KIND_WORDS).map(([code, descriptor]) => [
      code,
      i18n._(descriptor),
    ]);
    expect(Object.fromEntries(kinds)).toEqual(Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, kind])));
    expect(i18n._(words.GUEST_WITHOUT_A_NAME)).toBe(domain.guestDisplayName({ name: "" }));
  });
});
