/** The room types module's public face: other inventory checks a type through these. */
export { inUseError, listRoomTypes, ROOM_TYPE_NOT_FOUND, requireRoomType } from "./service.js";
