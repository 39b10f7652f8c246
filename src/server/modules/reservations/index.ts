/** The reservations module's public face: what quotes, payments, exports and guests build on. */

export { type BookedStay, createReservation, newStay, type StayOrigin } from "./create.js";
export { patchReservation } from "./edit.js";
export { escapeLike, reservationFilterConditions } from "./filters.js";
export { presentReservation } from "./presenter.js";
export { listGuestStays, RESERVATION_NOT_FOUND } from "./service.js";
export { findGuest, GUEST_NOT_FOUND, type GuestRow, refuseAnonymized, writeGuest } from "./stay-guest.js";
export { loadStayTerms, type StayPlan } from "./stay-terms.js";
