/**
 * Removing a room block from the tape chart: a click (or Enter) on the block asks first, naming the room,
 * the dates and the reason, and the room is back on sale once the clerk says so. The answer is a notice;
 * the chart redraws from the block's live event.
 */
import { formatDay } from "../../../domain/dates.js";
import { usePropertyToday } from "../../api/property.js";
import { useDeleteRoomBlock } from "../../api/roomBlocks.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { notify } from "../../components/notices.js";
import type { Cell } from "./chartDrag.js";
import { type ChartRow, segmentAt } from "./chartRows.js";

export function useRemoveBlock(rows: readonly ChartRow[]) {
  const remove = useDeleteRoomBlock();
  const today = usePropertyToday();
  return async (at: Cell | undefined) => {
    const lane = at ? rows[at.row] : undefined;
    if (!at || lane?.kind !== "room") return;
    const segment = segmentAt(lane, at.col);
    if (segment?.kind !== "block") return;
    const { block } = segment;
    const room = `Room ${lane.room.number}`;
    const yes = await confirmDialog({
      title: `Put ${room} back in service?`,
      body: `${room} is out of order from ${formatDay(block.startDate, today)}, back in service on ${formatDay(block.endDate, today)}${block.reason ? ` (${block.reason})` : ""}. Removing the block lets these nights be booked again.`,
      confirmLabel: "Remove block",
      cancelLabel: "Keep block",
    });
    if (!yes) return;
    remove.mutate(block.id, {
      onSuccess: () => notify(`${room} is back in service.`),
      onError: (error) => notify(`Could not remove the block on ${room}: ${error.message}`, "error"),
    });
  };
}
