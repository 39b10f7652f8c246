/**
 * Invoices and credit notes (docs/product.md#folio-taxes-and-invoices): what an invoice freezes, its
 * numbering, that the database never lets it change, credit notes that negate it exactly and free its lines,
 * the register and the PDF.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("invoices", (ctx) => {
  const { hotel, post } = reservationApi(ctx);

  async function stay() {
    const h = await hotel();
    const created = await post(h.user, h.pid, {
      roomId: h.room.id,
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-03",
      guestName: "Zoë Ångström",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${h.pid}${path}`, { as: h.user, body });
    const issue = (body: unknown = {}) => api("POST", `/reservations/${id}/invoices`, body);
    return { ...h, id, code: created.json().code as string, api, issue };
  }

  it("issues an invoice of every line not yet invoiced, numbered per year, with seller, bill-to and totals", async () => {
    const { api, issue, id, code } = await stay();
    await api("PATCH", "", {
      legalName: "Hotel Sagar Pvt Ltd",
      address: "1 Beach Rd",
      taxId: "29ABCDE1234F1Z5",
    });
    const gst = (await api("POST", "/tax-rates", { name: "GST", percent: 12 })).json();
    await api("POST", `/reservations/${id}/charges`, {
      description: "Parking",
      quantity: 1,
      unitPrice: 112,
      taxRateId: gst.id,
    });
    await api("POST", `/reservations/${id}/payments`, { amount: 500, method: "card" });
    const issued = await issue();
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json();
    expect(invoice).toMatchObject({
      kind: "invoice",
      status: "issued",
      reservationId: id,
      reservationCode: code,
      seller: { name: "Hotel Sagar Pvt Ltd", address: "1 Beach Rd", taxId: "29ABCDE1234F1Z5" },
      billTo: { name: "Zoë Ångström", address: "", taxId: "" },
      net: 2100,
      tax: 12,
      gross: 2112,
      payments: 500,
      balance: 1612,
      currency: "INR",
      creditedInvoiceId: null,
    });
    expect(invoice.number).toMatch(/^INV-\d{4}-000001$/);
    expect(invoice.number.slice(4, 8)).toBe(invoice.issueDate.slice(0, 4));
    expect(invoice.lines).toHaveLength(3);
    expect(invoice.taxes).toEqual([
      { taxRateId: null, name: "", percent: 0, net: 2000, tax: 0 },
      { taxRateId: gst.id, name: "GST", percent: 12, net: 100, tax: 12 },
    ]);
    const folio = (await api("GET", `/reservations/${id}/folio`)).json();
    expect(folio.lines.every((line: { invoiceId: string }) => line.invoiceId === invoice.id)).toBe(true);
    const nothing = await issue();
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe("nothing_to_invoice");
    // A line posted later goes on the next invoice, with only the payments the first did not settle.
    await api("POST", `/reservations/${id}/charges`, { description: "Minibar", quantity: 2, unitPrice: 50 });
    const second = (
      await issue({ billTo: { name: "Acme Travel", address: "Mumbai", taxId: "AC-1" } })
    ).json();
    expect(second.number).toMatch(/-000002$/);
    expect(second).toMatchObject({ gross: 100, payments: 0, balance: 100, billTo: { name: "Acme Travel" } });
    expect((await api("GET", `/invoices/${invoice.id}`)).json()).toEqual(invoice);
    expect(
      (await api("GET", `/reservations/${id}/invoices`)).json().map((d: { id: string }) => d.id),
    ).toEqual([invoice.id, second.id]);
  });

  it("credits an invoice with a credit note that negates it exactly; its lines can be invoiced again", async () => {
    const { api, issue, id } = await stay();
    await api("POST", `/reservations/${id}/charges`, {
      description: "Laundry",
      quantity: 3,
      unitPrice: 33.33,
    });
    const invoice = (await issue()).json();
    const credited = await api("POST", `/invoices/${invoice.id}/credit-note`);
    expect(credited.statusCode).toBe(201);
    const note = credited.json();
    expect(note.number).toMatch(/^CN-\d{4}-000001$/);
    expect(note).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: invoice.id,
      net: 0 - invoice.net,
      tax: 0 - invoice.tax,
      gross: 0 - invoice.gross,
      billTo: invoice.billTo,
    });
    expect(note.lines.map((line: { gross: number }) => line.gross)).toEqual(
      invoice.lines.map((line: { gross: number }) => 0 - line.gross),
    );
    expect((await api("GET", `/invoices/${invoice.id}`)).json()).toMatchObject({
      status: "credited",
      creditNoteId: note.id,
    });
    const twice = await api("POST", `/invoices/${invoice.id}/credit-note`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("invalid_transition");
    expect((await api("POST", `/invoices/${note.id}/credit-note`)).statusCode).toBe(409);
    const again = await issue();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ gross: invoice.gross, number: expect.stringMatching(/-000002$/) });
  });

  it("refuses to void a line on an invoice that stands, and to change or delete an issued invoice even by SQL", async () => {
    const { api, issue, id, db } = await stay();
    const line = (
      await api("POST", `/reservations/${id}/charges`, { description: "Spa", quantity: 1, unitPrice: 900 })
    ).json();
    const invoice = (await issue()).json();
    const refused = await api("POST", `/reservations/${id}/charges/${line.id}/void`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(invoice.number);
    await expect(db.execute(sql`update invoices set gross = 0 where id = ${invoice.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update invoices set document = '{}'::jsonb where id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update invoices set status = 'credited' where id = ${invoice.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from invoices where id = ${invoice.id}`)).rejects.toThrow();
    expect((await api("GET", `/invoices/${invoice.id}`)).json()).toEqual(invoice);
  });

  it("lists the register newest first, by window and search, and answers the PDF", async () => {
    const { api, issue, id, code, pid, db } = await stay();
    const first = (await issue()).json();
    await api("POST", `/reservations/${id}/charges`, {
      description: "Late check-out",
      quantity: 1,
      unitPrice: 500,
    });
    const second = (await issue({ billTo: { name: "Globex Corp" } })).json();
    const all = (await api("GET", "/invoices")).json();
    expect(all.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    expect((await api("GET", "/invoices?q=globex")).json().map((d: { id: string }) => d.id)).toEqual([
      second.id,
    ]);
    expect((await api("GET", `/invoices?q=${code.toLowerCase()}`)).json()).toHaveLength(2);
    expect((await api("GET", `/invoices?q=${encodeURIComponent(first.number)}`)).json()).toHaveLength(1);
    expect((await api("GET", `/invoices?from=${first.issueDate}&to=${first.issueDate}`)).json()).toHaveLength(
      2,
    );
    expect((await api("GET", "/invoices?to=2000-01-01")).json()).toEqual([]);
    expect((await api("GET", "/invoices?limit=0")).statusCode).toBe(400);
    const pdf = await api("GET", `/invoices/${first.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`${first.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from invoice_counters where property_id = ${pid}`,
    );
    expect(count?.n).toBe(1);
  });

  it("exports every document the register's filters match as CSV, credit notes negative", async () => {
    const { api, issue, code } = await stay();
    const invoice = (await issue({ billTo: { name: "Rao, Asha", taxId: "GST-1" } })).json();
    const note = (await api("POST", `/invoices/${invoice.id}/credit-note`)).json();
    const csv = await api("GET", "/exports/invoices.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    expect(csv.body.slice(1).split("\r\n")).toEqual([
      "Number,Type,Issue date,Bill to,Bill-to tax ID,Reservation,Net,Tax,Total,Currency,Status",
      `${note.number},Credit note,${note.issueDate},"Rao, Asha",GST-1,${code},-2000.00,0.00,-2000.00,INR,Issued`,
      `${invoice.number},Invoice,${invoice.issueDate},"Rao, Asha",GST-1,${code},2000.00,0.00,2000.00,INR,Credited`,
      "",
    ]);
    const none = await api("GET", "/exports/invoices.csv?to=2000-01-01");
    expect(none.body.slice(1).split("\r\n")).toHaveLength(2);
    expect((await api("GET", "/exports/invoices.csv?q=nobody")).body).not.toContain(invoice.number);
  });
});
