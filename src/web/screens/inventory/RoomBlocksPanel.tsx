/**
 * Rooms out of order (docs/product.md#room-blocks), on the Inventory screen: the blocks that have not ended,
 * "Block a room" (the form the tape chart shares, RoomBlockForm) and Remove on each. A block takes its
 * room's type out of inventory for those nights; removing it puts the room back on sale.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Room } from "../../../domain/schemas/rooms.js";
import { usePropertyToday } from "../../api/property.js";
import { useDeleteRoomBlock, useRoomBlocks } from "../../api/roomBlocks.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { Modal } from "../../components/Modal.js";
import { QueryList } from "../../components/QueryList.js";
import { RoomBlockForm } from "../../components/RoomBlockForm.js";

export function RoomBlocksPanel({ rooms }: { rooms: Room[] }) {
  const { t } = useLingui();
  const today = usePropertyToday();
  // Blocks that end after today: the ones still taking a room off sale.
  const blocks = useRoomBlocks({ start: today });
  const remove = useDeleteRoomBlock();
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const removeBlock = async (block: {
    id: string;
    roomNumber: string;
    startDate: string;
    endDate: string;
  }) => {
    setDone(null);
    const { roomNumber: number, startDate: from, endDate: to } = block;
    const ok = await confirmDialog({
      title: t`Remove the block of room ${number}?`,
      body: t`Room ${number} can be sold again from ${from} to ${to}.`,
      confirmLabel: t`Remove block`,
      cancelLabel: t`Keep block`,
      danger: true,
    });
    if (!ok) return;
    remove.mutate(block.id, {
      onSuccess: () => setDone(t`Room ${number} is back in service from ${from} to ${to}.`),
    });
  };

  return (
    <section className="panel stack" aria-labelledby="room-blocks-heading">
      <div className="inventory-panel-head">
        <h2 id="room-blocks-heading">
          <Trans>Out of order</Trans>
        </h2>
        {rooms.length > 0 ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDone(null);
              setAdding(true);
            }}
          >
            <Trans>Block a room</Trans>
          </button>
        ) : null}
      </div>
      <QueryList query={blocks} empty={t`No rooms out of order.`}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards"
            aria-label={t`Rooms out of order`}
            columns={[
              t`Room`,
              t({ message: "From", context: "date range" }),
              t`Back in service`,
              t`Reason`,
              { label: t`Actions`, className: "print-hidden" },
            ]}
          >
            {items.map((block) => (
              <tr key={block.id}>
                <td data-label={t`Room`}>
                  <strong>{block.roomNumber}</strong>
                </td>
                <td data-label={t({ message: "From", context: "date range" })}>{block.startDate}</td>
                <td data-label={t`Back on`}>{block.endDate}</td>
                <td data-label={t`Reason`}>
                  {block.reason || (
                    <span className="muted">
                      <Trans>No reason given</Trans>
                    </span>
                  )}
                </td>
                <td className="print-hidden" data-label={t`Actions`}>
                  <button
                    type="button"
                    className="button small danger"
                    disabled={remove.isPending && remove.variables === block.id}
                    onClick={() => void removeBlock(block)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError message={remove.error?.message} />
      <FormSuccess message={done} />
      {adding ? (
        <Modal
          heading={t`Block a room`}
          className="stay-dialog dialog-narrow"
          focusFirstField
          onClose={() => setAdding(false)}
        >
          {(close) => (
            <RoomBlockForm
              rooms={rooms}
              initial={{ startDate: today }}
              onDone={(block) => {
                const { roomNumber: number, startDate: from, endDate: to } = block;
                setDone(t`Room ${number} is out of order from ${from} to ${to}.`);
                close();
              }}
              onCancel={close}
            />
          )}
        </Modal>
      ) : null}
    </section>
  );
}
