/** The payments module's public face. */

export { presentPayment } from "./presenter.js";
export { listPayments } from "./service.js";
