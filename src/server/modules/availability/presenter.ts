import type { HkStatus, ReservationStatus, RoomStatus } from "../../../domain/constants.js";
import { dateSequence } from "../../../domain/dates.js";
import type { Availability } from "../../../domain/schemas.js";
import type { Grid } from "./service.js";

/** Statuses are safe to narrow: the tables' check constraints allow only the enum values. */
export function presentAvailability(grid: Grid): Availability {
  return {
    start: grid.start,
    days: grid.days,
    dates: dateSequence(grid.start, grid.days),
    rooms: grid.rooms.map((room) => ({
      id: room.id,
      number: room.number,
      roomTypeName: room.roomTypeName,
      status: room.status as RoomStatus,
      hkStatus: room.hkStatus as HkStatus,
    })),
    stays: grid.stays.map((stay) => ({
      id: stay.id,
      roomId: stay.roomId,
      code: stay.code,
      guestName: stay.guestName,
      status: stay.status as ReservationStatus,
      checkInDate: stay.checkInDate,
      checkOutDate: stay.checkOutDate,
    })),
  };
}
