/**
 * A room's housekeeping status as the screen shows it: while a change is saving, the status asked for (so a
 * tap is answered at once); a refusal leaves the saved one and says why.
 */
import type { HkStatus } from "../../../domain/constants.js";
import type { Room } from "../../../domain/schemas/rooms.js";
import { useUpdateRoom } from "../../api/resources.js";

export function useHkStatus(room: Pick<Room, "id" | "hkStatus">) {
  const update = useUpdateRoom();
  const hkStatus = update.isPending ? update.variables.input.hkStatus : room.hkStatus;
  const set = (next: HkStatus) => {
    if (next !== hkStatus) update.mutate({ id: room.id, input: { hkStatus: next } });
  };
  return { hkStatus, set, saving: update.isPending, error: update.error?.message };
}
