/**
 * Removing a room block from the tape chart: a click (or Enter) on the block asks first, naming the room,
 * the dates and the reason, and the room is back on sale once the clerk says so. The answer is a notice;
 * the chart redraws from the block's live event.
 */
import { useLingui } from "@lingui/react/macro";
import { usePropertyToday } from "../../api/property.js";
import { useDeleteRoomBlock } from "../../api/roomBlocks.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { notify } from "../../components/notices.js";
import { useDateWords } from "../../i18n/format.js";
import type { Cell } from "./chartDrag.js";
import { type ChartRow, segmentAt } from "./chartRows.js";

export function useRemoveBlock(rows: readonly ChartRow[]) {
  const remove = useDeleteRoomBlock();
  const today = usePropertyToday();
  const { t } = useLingui();
  const dates = useDateWords();
  return async (at: Cell | undefined) => {
    const lane = at ? rows[at.row] : undefined;
    if (!at || lane?.kind !== "room") return;
    const segment = segmentAt(lane, at.col);
    if (segment?.kind !== "block") return;
    const { block } = segment;
    const number = lane.room.number;
    const from = dates.day(block.startDate, today);
    const until = dates.day(block.endDate, today);
    const reason = block.reason;
    const yes = await confirmDialog({
      title: t`Put Room ${number} back in service?`,
      body: reason
        ? t`Room ${number} is out of order from ${from}, back in service on ${until} (${reason}). Removing the block lets these nights be booked again.`
        : t`Room ${number} is out of order from ${from}, back in service on ${until}. Removing the block lets these nights be booked again.`,
      confirmLabel: t`Remove block`,
      cancelLabel: t`Keep block`,
    });
    if (!yes) return;
    remove.mutate(block.id, {
      onSuccess: () => notify(t`Room ${number} is back in service.`),
      onError: (error) => {
        const message = error.message;
        notify(t`Could not remove the block on Room ${number}: ${message}`, "error");
      },
    });
  };
}
