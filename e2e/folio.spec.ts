/**
 * The hotel's money (docs/product.md#folio-taxes-and-invoices): a tax rate and products set up in Settings,
 * charges posted to a stay's folio and one voided, a payment and a refund, an invoice issued with its PDF and
 * print view, the register listing it and exporting it, and a credit note; the front desk does the daily work
 * but does not credit.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText } from "unpdf";
import { expectNoSeriousViolations } from "./axe.js";
import { bookStay, seedHotel } from "./desk-seed.js";
import { acceptConfirm, expect, invite, newPerson, openAs, test } from "./fixtures.js";
import { mailTo } from "./mailbox.js";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

async function openStay(page: Page, guestName: string) {
  await nav(page, "Reservations");
  await page.getByRole("row").filter({ hasText: guestName }).getByRole("button", { name: "Edit" }).click();
  return page.getByRole("dialog", { name: /Stay RES-/ });
}

async function addCharge(page: Page, product: string, quantity: number) {
  const form = page.getByRole("form", { name: "Add charge" });
  await form.getByLabel("Product").selectOption({ label: product });
  await form.getByLabel("Quantity").fill(String(quantity));
  await form.getByRole("button", { name: "Add charge" }).click();
  await expect(form.getByRole("status")).toContainText("added");
}

test("folio: settings, charges, a void, a payment and a refund, an invoice with its PDF, the register and a credit note", async ({
  signedIn: page,
}) => {
  test.setTimeout(120_000);
  const hotel = await seedHotel(page, ["101"]);
  await bookStay(page, hotel, { guestName: "Asha Rao", room: "101", from: hotel.today, nights: 2 });

  // Settings: GST at 18 %, breakfast taxed at it, parking untaxed.
  await nav(page, "Settings");
  const taxForm = page.getByRole("form", { name: "Add a tax rate" });
  await taxForm.getByLabel("Name", { exact: true }).fill("GST");
  await taxForm.getByLabel("Percent").fill("18");
  await taxForm.getByRole("button", { name: "Add tax rate" }).click();
  await expect(page.getByRole("region", { name: "Taxes" }).getByRole("row", { name: /GST/ })).toContainText(
    "18%",
  );
  const productForm = page.getByRole("form", { name: "Add a product" });
  await productForm.getByLabel("Name", { exact: true }).fill("Breakfast");
  await productForm.getByLabel("Price").fill("250");
  await productForm.getByLabel("Tax rate").selectOption({ label: "GST 18%" });
  await productForm.getByRole("button", { name: "Add product" }).click();
  await expect(productForm.getByRole("status")).toHaveText("Product Breakfast added.");
  await productForm.getByLabel("Name", { exact: true }).fill("Parking");
  await productForm.getByLabel("Price").fill("100");
  await productForm.getByLabel("Tax rate").selectOption({ label: "No tax" });
  await productForm.getByRole("button", { name: "Add product" }).click();
  const products = page.getByRole("region", { name: "Products" });
  await expect(products.getByRole("row", { name: /Parking/ })).toContainText("No tax");
  await expect(products.getByRole("row", { name: /Breakfast/ })).toContainText("GST 18%");
  await expectNoSeriousViolations(page);

  // The stay's folio: the two nights, breakfast × 2 (tax inside the price by default) and parking.
  const dialog = await openStay(page, "Asha Rao");
  const folio = dialog.getByRole("region", { name: "Folio" });
  await expect(folio.getByTestId("folio-total")).toHaveText("₹3,000.00");
  await expect(folio.getByLabel("Price")).toHaveValue("250");
  await addCharge(page, "Breakfast · ₹250.00", 2);
  await addCharge(page, "Parking · ₹100.00", 1);
  const lines = folio.getByRole("table", { name: /Folio lines/ });
  await expect(lines.getByRole("row", { name: /Breakfast/ })).toContainText("₹76.27");
  await expect(lines.getByRole("row", { name: /Breakfast/ })).toContainText("₹500.00");
  await expect(folio.getByTestId("folio-total")).toHaveText("₹3,600.00");
  const taxes = folio.getByRole("table", { name: "Tax summary" });
  await expect(taxes.getByRole("row", { name: /GST 18%/ })).toContainText("₹423.73");
  await expect(taxes.getByRole("row", { name: /No tax/ })).toContainText("₹3,100.00");

  // A custom charge, voided after an in-page question: listed, struck through, out of the total.
  const form = page.getByRole("form", { name: "Add charge" });
  await form.getByLabel("Product").selectOption({ label: "Custom charge" });
  await form.getByLabel("Description").fill("Minibar");
  await form.getByLabel("Price").fill("80");
  await form.getByRole("button", { name: "Add charge" }).click();
  await expect(folio.getByTestId("folio-total")).toHaveText("₹3,680.00");
  await lines.getByRole("button", { name: "Void Minibar" }).click();
  expect(await acceptConfirm(page)).toBe("Void Minibar × 1?");
  await expect(lines.getByRole("row", { name: /Minibar/ })).toContainText("Void");
  await expect(folio.getByTestId("folio-total")).toHaveText("₹3,600.00");
  await expect(dialog.getByTestId("stay-total")).toContainText("₹3,600.00");

  // A payment of more than is owed (asked first), then the difference refunded.
  await dialog.getByLabel("Amount").fill("3700");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  expect(await acceptConfirm(page)).toBe(
    "₹3,700.00 is more than the ₹3,600.00 Asha Rao owes. Record it anyway?",
  );
  await expect(folio.getByTestId("folio-balance")).toHaveText("Credit ₹100.00");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Refund", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await dialog.getByLabel("Amount").fill("100");
  await dialog.getByRole("button", { name: "Record refund" }).click();
  await expect(folio.getByTestId("folio-balance")).toHaveText("₹0.00");
  await expect(folio.getByTestId("folio-paid")).toHaveText("₹3,600.00");
  await expect(dialog.getByRole("row", { name: /Refund/ })).toContainText("-₹100.00");
  await expectNoSeriousViolations(page);

  // The invoice, to the guest, after a question; its lines are then invoiced.
  const invoicesRegion = dialog.getByRole("region", { name: "Invoices" });
  await invoicesRegion.getByRole("button", { name: "Issue invoice" }).click();
  expect(await acceptConfirm(page)).toBe("Issue an invoice to Asha Rao for ₹3,600.00?");
  const invoiceRow = invoicesRegion.getByRole("row", { name: /INV-/ });
  await expect(invoiceRow).toContainText("Issued");
  const number = /INV-\d{4}-\d{6}/.exec(await invoiceRow.innerText())?.[0] ?? "";
  expect(number).toMatch(/^INV-\d{4}-000001$/);
  await expect(invoiceRow).toContainText("₹3,600.00");
  await expect(lines.getByRole("row", { name: /Parking/ })).toContainText("Invoiced");
  await expect(invoicesRegion.getByText("Every line is on an invoice.")).toBeVisible();
  // "Email invoice": the suite's server sends through a mail server on loopback (e2e/server.js).
  await invoiceRow.getByRole("button", { name: "Email invoice" }).click();
  const emailDialog = page.getByRole("dialog", { name: `Email ${number}` });
  await emailDialog.getByLabel("Email").fill("not an address");
  await emailDialog.getByRole("button", { name: "Send" }).click();
  // The browser's own check stops it before it is sent.
  expect(
    await emailDialog.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.valid),
  ).toBe(false);
  await emailDialog.getByLabel("Email").fill("asha@example.com");
  await emailDialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(`${number} is on its way to asha@example.com.`)).toBeVisible();
  await expect(emailDialog).toHaveCount(0);
  // The guest receives it once, with the PDF attached.
  const mail = await mailTo("asha@example.com", `filename=${number}.pdf`);
  expect(mail).toContain("Content-Type: application/pdf");

  // Its PDF: a PDF file named by its number.
  const pdfLink = invoiceRow.getByRole("link", { name: /Download PDF/ });
  const pdfPath = (await pdfLink.getAttribute("href")) ?? "";
  const invoiceId = pdfPath.split("/").at(-2) ?? "";
  const downloading = page.waitForEvent("download");
  await pdfLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Its text (read back with PDF.js) carries the number, the guest and the totals.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  expect(text).toContain(number);
  expect(text).toContain("Asha Rao");
  expect(text).toContain("₹3,600.00");
  const pdf = await page.request.get(pdfPath);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain(`${number}.pdf`);
  const print = invoiceRow.getByRole("link", { name: /Print/ });
  await expect(print).toHaveAttribute("href", `/hms/invoices/${invoiceId}/print?print=1`);
  await expect(print).toHaveAttribute("target", "_blank");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Settings → Emails: the message, to the guest, with its subject, sent.
  await nav(page, "Settings");
  const emails = page.getByRole("region", { name: "Emails" });
  const emailRow = emails.getByRole("row", { name: /asha@example\.com/ });
  await expect(emailRow).toContainText(`Your invoice ${number} from`);
  await expect(emailRow).toContainText("Sent");
  await expectNoSeriousViolations(page);

  // The register lists it with its total; the search and the date window find it or not.
  await nav(page, "Invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const registerRow = page.getByRole("row", { name: new RegExp(number) });
  await expect(registerRow).toContainText("Invoice");
  await expect(registerRow).toContainText("Asha Rao");
  await expect(registerRow).toContainText("₹3,600.00");
  await expect(registerRow).toContainText("Issued");
  await page.getByLabel("Search").fill("asha");
  await expect(page).toHaveURL(/q=asha/);
  await expect(registerRow).toBeVisible();
  await page.getByLabel("Search").fill("nobody at all");
  await expect(page.getByText("No invoices match.")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByLabel("From").fill(hotel.today);
  await page.getByLabel("To").fill(hotel.today);
  await expect(registerRow).toBeVisible();
  // Beside the sidebar at 1024 px, the register's eight columns fit without sideways scrolling.
  await page.setViewportSize({ width: 1024, height: 800 });
  const panel = page.getByRole("region", { name: "Invoices", exact: true });
  const fits = await panel.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  await expect(registerRow.getByRole("link", { name: /Print/ })).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await readFile(await (await csvDownload).path(), "utf8");
  expect(csv).toContain(`${number},Invoice,${hotel.today},Asha Rao,`);
  expect(csv).toContain(",3600.00,INR,Issued");
  await expectNoSeriousViolations(page);

  // The print view: the same document as the PDF.
  await page.goto(`/hms/invoices/${invoiceId}/print`);
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Bill to" })).toContainText("Asha Rao");
  const sheetTaxes = page.getByRole("table", { name: "Tax summary" });
  await expect(sheetTaxes.getByRole("row", { name: /No tax/ })).toBeVisible();
  await expect(sheetTaxes.getByRole("row", { name: /GST 18%/ })).toContainText("₹76.27");
  await expect(page.getByRole("table", { name: "Lines" }).getByRole("row")).toHaveCount(5);
  await expect(page.getByText("Balance due")).toBeVisible();
  await expectNoSeriousViolations(page);

  // Crediting it, from the stay opened in the register: a credit note, and the invoice marked credited.
  await nav(page, "Invoices");
  await registerRow.getByRole("button", { name: /RES-/ }).click();
  const again = page.getByRole("dialog", { name: /Stay RES-/ });
  const stayInvoices = again.getByRole("region", { name: "Invoices" });
  await stayInvoices.getByRole("button", { name: `Credit ${number}` }).click();
  expect(await acceptConfirm(page)).toBe(`Credit invoice ${number}?`);
  const note = stayInvoices.getByRole("row", { name: /CN-/ });
  await expect(note).toContainText("Credit note");
  await expect(note).toContainText("-₹3,600.00");
  await expect(stayInvoices.getByRole("row", { name: new RegExp(number) })).toContainText("Credited");
  await expect(stayInvoices.getByRole("button", { name: "Issue invoice" })).toBeEnabled();
  await again.getByRole("button", { name: "Close" }).first().click();
  await expect(registerRow).toContainText("Credited");
  await expect(page.getByRole("row", { name: /CN-/ })).toContainText("Credit note");
});

test("folio: the front desk posts charges and issues invoices, but does not credit them", async ({
  signedIn: owner,
  browser,
}) => {
  const hotel = await seedHotel(owner, ["101"]);
  await bookStay(owner, hotel, { guestName: "Kiran Das", room: "101", from: hotel.today, nights: 1 });
  const rate = await owner.request.post(`/api/properties/${hotel.pid}/tax-rates`, {
    data: { name: "VAT", percent: 5 },
  });
  expect(rate.status()).toBe(201);
  const product = await owner.request.post(`/api/properties/${hotel.pid}/products`, {
    data: { name: "Breakfast", price: 200, taxRateId: (await rate.json()).id },
  });
  expect(product.status()).toBe(201);
  const clerk = newPerson("clerk");
  await invite(owner, hotel.pid, clerk, "front_desk");

  const desk = await openAs(browser, clerk);
  await expect(
    desk.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoices" }),
  ).toBeVisible();
  await expect(
    desk.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }),
  ).toHaveCount(0);
  const dialog = await openStay(desk, "Kiran Das");
  await addCharge(desk, "Breakfast · ₹200.00", 2);
  await expect(dialog.getByRole("region", { name: "Folio" }).getByTestId("folio-total")).toHaveText(
    "₹1,900.00",
  );
  const invoices = dialog.getByRole("region", { name: "Invoices" });
  // Made out to a company rather than the guest.
  await invoices.getByText("Bill to someone else").click();
  await invoices.getByLabel("Bill-to name").fill("Acme Travel Ltd");
  await invoices.getByLabel("Bill-to tax ID").fill("27AAACA9999Q1Z2");
  await invoices.getByRole("button", { name: "Issue invoice" }).click();
  expect(await acceptConfirm(desk)).toBe("Issue an invoice to Acme Travel Ltd for ₹1,900.00?");
  const row = invoices.getByRole("row", { name: /INV-/ });
  await expect(row).toContainText("Issued");
  await expect(row).toContainText("Acme Travel Ltd");
  await expect(row.getByRole("link", { name: /Download PDF/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /Credit/ })).toHaveCount(0);
  await expectNoSeriousViolations(desk);

  await dialog.getByRole("button", { name: "Close" }).first().click();
  await nav(desk, "Invoices");
  await expect(desk.getByRole("row", { name: /INV-/ })).toContainText("₹1,900.00");
  // The register's export is the desk's too: it holds only what the register shows them.
  await expect(desk.getByRole("link", { name: "Export CSV" })).toBeVisible();
});
