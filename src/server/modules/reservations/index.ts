/** The reservations module's public face: what quotes, payments and exports build on. */
export { reservationFilterConditions } from "./filters.js";
export { newStay, RESERVATION_NOT_FOUND } from "./service.js";
export { loadStayTerms } from "./stay-terms.js";
