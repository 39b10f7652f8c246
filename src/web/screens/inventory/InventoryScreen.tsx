import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { useCan, usePropertyToday } from "../../api/property.js";
import { useRooms, useRoomTypes } from "../../api/resources.js";
import { useRoomBlocks } from "../../api/roomBlocks.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { BulkRoomsDialog } from "./BulkRoomsDialog.js";
import { RoomBlocksPanel } from "./RoomBlocksPanel.js";
import { RoomForm } from "./RoomForm.js";
import { RoomTable } from "./RoomTable.js";
import { RoomTypeForm } from "./RoomTypeForm.js";
import { RoomTypeTable } from "./RoomTypeTable.js";

export default function InventoryScreen() {
  const { t } = useLingui();
  const roomTypes = useRoomTypes();
  const rooms = useRooms();
  const canEdit = useCan("manage");
  const canBlock = useCan("stays");
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkAdded, setBulkAdded] = useState<string | null>(null);
  const outOfOrder = useOutOfOrderTonight(canBlock);
  return (
    <>
      <PageHeader title={t`Inventory`} />
      <div className="split">
        <section className="panel stack">
          <h2>
            <Trans>Room Types</Trans>
          </h2>
          {canEdit ? <RoomTypeForm /> : null}
          <QueryList query={roomTypes} empty={t`No room types yet.`}>
            {(items) => <RoomTypeTable roomTypes={items} canEdit={canEdit} />}
          </QueryList>
        </section>
        <section className="panel stack">
          <div className="inventory-panel-head">
            <h2>
              <Trans>Rooms</Trans>
            </h2>
            {canEdit ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setBulkAdded(null);
                  setBulkOpen(true);
                }}
              >
                <Trans>Add several rooms</Trans>
              </button>
            ) : null}
          </div>
          {canEdit ? <RoomForm roomTypes={roomTypes.data ?? []} /> : null}
          <FormSuccess message={bulkAdded} />
          <QueryList query={rooms} empty={t`No rooms yet.`}>
            {(items) => (
              <RoomTable
                rooms={items}
                roomTypes={roomTypes.data ?? []}
                canEdit={canEdit}
                outOfOrder={outOfOrder}
              />
            )}
          </QueryList>
        </section>
      </div>
      {canBlock ? <RoomBlocksPanel rooms={rooms.data ?? []} /> : null}
      {bulkOpen ? (
        <BulkRoomsDialog
          roomTypes={roomTypes.data ?? []}
          onAdded={setBulkAdded}
          onClose={() => setBulkOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * The rooms blocked tonight (a block's end is exclusive, like a check-out). The same query as the Out of
 * order list, so one request serves both; a role that cannot read blocks (housekeeping) asks nothing.
 */
function useOutOfOrderTonight(canRead: boolean): ReadonlySet<string> {
  const today = usePropertyToday();
  const blocks = useRoomBlocks({ start: today, enabled: canRead });
  return useMemo(
    () =>
      new Set((blocks.data ?? []).filter((block) => block.startDate <= today).map((block) => block.roomId)),
    [blocks.data, today],
  );
}
