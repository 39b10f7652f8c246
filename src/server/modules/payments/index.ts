/** The payments module's public face. */
export { listPayments } from "./service.js";
