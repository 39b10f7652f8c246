/**
 * Rooms out of order (docs/product.md#room-blocks), on the Inventory screen: the blocks that have not ended,
 * "Block a room" (the form the tape chart shares, RoomBlockForm) and Remove on each. A block takes its
 * room's type out of inventory for those nights; removing it puts the room back on sale.
 */
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
    const nights = `from ${block.startDate} to ${block.endDate}`;
    const ok = await confirmDialog({
      title: `Remove the block of room ${block.roomNumber}?`,
      body: `Room ${block.roomNumber} can be sold again ${nights}.`,
      confirmLabel: "Remove block",
      cancelLabel: "Keep block",
      danger: true,
    });
    if (!ok) return;
    remove.mutate(block.id, {
      onSuccess: () => setDone(`Room ${block.roomNumber} is back in service ${nights}.`),
    });
  };

  return (
    <section className="panel stack" aria-labelledby="room-blocks-heading">
      <div className="inventory-panel-head">
        <h2 id="room-blocks-heading">Out of order</h2>
        {rooms.length > 0 ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDone(null);
              setAdding(true);
            }}
          >
            Block a room
          </button>
        ) : null}
      </div>
      <QueryList query={blocks} empty="No rooms out of order.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards"
            aria-label="Rooms out of order"
            columns={[
              "Room",
              "From",
              "Back in service",
              "Reason",
              { label: "Actions", className: "print-hidden" },
            ]}
          >
            {items.map((block) => (
              <tr key={block.id}>
                <td data-label="Room">
                  <strong>{block.roomNumber}</strong>
                </td>
                <td data-label="From">{block.startDate}</td>
                <td data-label="Back on">{block.endDate}</td>
                <td data-label="Reason">{block.reason || <span className="muted">No reason given</span>}</td>
                <td className="print-hidden" data-label="Actions">
                  <button
                    type="button"
                    className="button small danger"
                    disabled={remove.isPending && remove.variables === block.id}
                    onClick={() => void removeBlock(block)}
                  >
                    Remove
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
          heading="Block a room"
          className="stay-dialog dialog-narrow"
          focusFirstField
          onClose={() => setAdding(false)}
        >
          {(close) => (
            <RoomBlockForm
              rooms={rooms}
              initial={{ startDate: today }}
              onDone={(block) => {
                setDone(
                  `Room ${block.roomNumber} is out of order from ${block.startDate} to ${block.endDate}.`,
                );
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
