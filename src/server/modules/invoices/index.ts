/** The invoices module's public face: what the guest's data export and the mail worker build on. */
export { invoiceAttachment } from "./attachment.js";
export { presentInvoice } from "./service.js";
