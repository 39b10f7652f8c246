/** The invoices module's public face: what the guest's data export builds on. */
export { presentInvoice } from "./service.js";
