/** Room blocks (a room out of order for some nights): create, the list's window, and the record. */
import { z } from "zod";
import { blockProblem, checkRange, windowProblem } from "../date-ranges.js";
import { id, isoDate, text } from "./fields.js";

export const roomBlockCreateInput = z
  .strictObject({
    roomId: id,
    startDate: isoDate,
    endDate: isoDate,
    reason: text.default(""),
  })
  .superRefine(checkRange(blockProblem, "startDate", "endDate"));

export const roomBlockQuery = z
  .strictObject({ start: isoDate.optional(), end: isoDate.optional() })
  .superRefine(checkRange(windowProblem, "start", "end"));

export const roomBlock = z.object({
  id,
  roomId: id,
  roomNumber: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type RoomBlock = z.infer<typeof roomBlock>;
