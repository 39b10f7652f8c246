/**
 * The refusal a save would meet for want of room, as the create and edit APIs word it
 * (`constraintError` in reservations/service.ts): the room taken or out of order, or a night sold out.
 */
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { firstSoldOutNight, roomTaken, type StayDates } from "./vacancy.js";

export async function availabilityProblem(
  db: Parameters<typeof roomTaken>[0],
  propertyId: string,
  terms: { roomId: string | null; roomTypeId: string | null },
  dates: StayDates,
): Promise<AppError | null> {
  if (terms.roomId) {
    const taken = await roomTaken(db, propertyId, terms.roomId, dates);
    if (taken === "stay") return new AppError("room_unavailable", MESSAGES.roomNotAvailable);
    if (taken === "block") {
      return new AppError("room_unavailable", `${MESSAGES.roomNotAvailable} The room is out of order then.`);
    }
  }
  const night = await firstSoldOutNight(db, propertyId, terms.roomTypeId, dates);
  if (night) return new AppError("sold_out", `Sold out on ${night}: no room of this type is free that night`);
  return null;
}
