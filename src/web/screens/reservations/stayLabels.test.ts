import { i18n } from "@lingui/core";
import { beforeAll, expect, it } from "vitest";
import { formatMoney } from "../../../domain/money.js";
import { balanceLabel, stayTitle } from "./stayLabels.js";

const rupees = (amount: number) => formatMoney(amount, "INR");

// The labels are written through Lingui (in English here, as the code words them).
beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

it("names a stay by guest and code, or by its code alone when it has no guest name", () => {
  expect(stayTitle({ guestName: "Asha Rao", code: "RES-7K2Q9" })).toBe("Asha Rao (RES-7K2Q9)");
  expect(stayTitle({ guestName: "", code: "RES-7K2Q9" })).toBe("RES-7K2Q9");
  expect(stayTitle({ guestName: "   ", code: "RES-7K2Q9" })).toBe("RES-7K2Q9");
});

it("reads a balance as owed, a credit or paid", () => {
  expect(balanceLabel(1500, rupees)).toBe("Owes ₹1,500.00");
  expect(balanceLabel(-200.5, rupees)).toBe("Credit ₹200.50");
  expect(balanceLabel(0, rupees)).toBe("Paid");
});
