import { expect, it } from "vitest";
import { keys, keysForTable } from "./keys.js";
import { startsWith } from "./refresh.js";

const PID = "p1";
/** Whether a change to `table` makes the query under `key` stale. */
const stales = (table: Parameters<typeof keysForTable>[1], key: readonly unknown[]) =>
  keysForTable(PID, table).some((prefix) => startsWith(key, prefix));

const folio = [...keys.folios(PID), "stay-1"];
const register = [...keys.invoices(PID), "list", { q: "", from: "", to: "" }];
const stayInvoices = [...keys.invoices(PID), "stay", "stay-1"];
const stayDetail = [...keys.reservations(PID), "detail", "stay-1"];

it("refreshes a stay's folio after whatever its lines follow from", () => {
  for (const table of [
    "reservations",
    "payments",
    "folio_charges",
    "invoices",
    "tax_rates",
    "room_types",
    "properties",
  ] as const) {
    expect(stales(table, folio), table).toBe(true);
  }
  expect(stales("guests", folio)).toBe(false);
  expect(stales("products", folio)).toBe(false);
});

it("refreshes the stay and the stays lists after a charge: its folio total and balance change", () => {
  expect(stales("folio_charges", stayDetail)).toBe(true);
  expect(stales("folio_charges", keys.reservations(PID))).toBe(true);
});

it("refreshes the register and the stay's invoices after an invoice, and nothing else does", () => {
  expect(stales("invoices", register)).toBe(true);
  expect(stales("invoices", stayInvoices)).toBe(true);
  for (const table of ["reservations", "payments", "folio_charges", "products"] as const) {
    expect(stales(table, register), table).toBe(false);
  }
});

it("refreshes the settings' lists after their own changes", () => {
  expect(stales("tax_rates", keys.taxRates(PID))).toBe(true);
  expect(stales("tax_rates", keys.products(PID))).toBe(true);
  expect(stales("products", keys.products(PID))).toBe(true);
  expect(stales("products", keys.taxRates(PID))).toBe(false);
});
