/** The folio module's public face: what invoices, products, room types and settings build on. */
export { loadFolio } from "./load.js";
export { presentCharge, requireMinorUnit } from "./service.js";
export { refreshFolioTotals } from "./totals.js";
