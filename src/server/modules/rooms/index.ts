/** The rooms module's public face. */
export { ROOM_NOT_FOUND } from "./service.js";
