/** The quotes module's public face: the inventory rule a booking engine offer is checked by. */
export { type NightUse, soldOutNight, type TypeRooms, vacancyOf } from "./vacancy.js";
