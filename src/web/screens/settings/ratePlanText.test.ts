import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../../domain/money.js";
import {
  cancellationText,
  depositText,
  planTermsText,
  priceRuleText as priceRuleWords,
  roomTypesText,
} from "./ratePlanText.js";

// The words are written through Lingui (in English here, as the code words them).
beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

const rupees = (amount: number, options?: { short?: boolean }) => formatMoney(amount, "INR", options);
/** The words with their no-break spaces read as spaces, as the screen shows them. */
const shown = (text: string) => text.replaceAll("\u00a0", " ");
const priceRuleText = (...args: Parameters<typeof priceRuleWords>) => shown(priceRuleWords(...args));

describe("priceRuleText", () => {
  it("says the adjustment with its sign, then the supplement in the hotel's currency", () => {
    expect(priceRuleText({ adjustmentPercent: -10, perAdultPerNight: 250 }, rupees)).toBe(
      "−10 %, + ₹250 per adult per night",
    );
    expect(priceRuleText({ adjustmentPercent: 12.5, perAdultPerNight: 0 }, rupees)).toBe("+12.5 %");
    expect(priceRuleText({ adjustmentPercent: 0, perAdultPerNight: 99.5 }, rupees)).toBe(
      "+ ₹99.50 per adult per night",
    );
  });
  it("says the room's own price for a plan that changes nothing", () => {
    expect(priceRuleText({ adjustmentPercent: 0, perAdultPerNight: 0 }, rupees)).toBe("Base price");
  });
  it("never breaks a figure from its sign or its per cent sign", () => {
    expect(priceRuleWords({ adjustmentPercent: -10, perAdultPerNight: 250 }, rupees)).toBe(
      "−10\u00a0%, +\u00a0₹250 per adult per night",
    );
  });
  it("uses the hotel's currency", () => {
    const euros = (amount: number, options?: { short?: boolean }) => formatMoney(amount, "EUR", options);
    expect(priceRuleText({ adjustmentPercent: 0, perAdultPerNight: 15 }, euros)).toBe(
      "+ €15 per adult per night",
    );
  });
});

describe("cancellationText", () => {
  it("counts the days before arrival, and says non-refundable for none", () => {
    expect(cancellationText(2)).toBe("Free cancellation until 2 days before arrival");
    expect(cancellationText(1)).toBe("Free cancellation until 1 day before arrival");
    expect(cancellationText(0)).toBe("Free cancellation until the day of arrival");
    expect(cancellationText(null)).toBe("Non-refundable");
  });
});

it("says a deposit as a share of the total, or none", () => {
  expect(depositText(0)).toBe("None");
  expect(shown(depositText(30))).toBe("30 %");
  expect(shown(planTermsText({ cancellationDays: null, depositPercent: 100 }))).toBe(
    "Non-refundable, 100 % deposit",
  );
  expect(planTermsText({ cancellationDays: 2, depositPercent: 0 })).toBe(
    "Free cancellation until 2 days before arrival, no deposit",
  );
});

describe("roomTypesText", () => {
  const types = [
    { id: "a", name: "Deluxe" },
    { id: "b", name: "Suite" },
    { id: "c", name: "Twin" },
  ];
  it("says all room types for a plan that names none", () => {
    expect(roomTypesText([], types)).toBe("All room types");
  });
  it("names the types in the property's order, leaving out one deleted since", () => {
    expect(roomTypesText(["c", "a", "gone"], types)).toBe("Deluxe, Twin");
    expect(roomTypesText(["gone"], types)).toBe("No current room type");
  });
});
