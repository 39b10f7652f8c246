/**
 * Room blocks (a room out of order for some nights, docs/product.md#room-blocks): the list of a window, and
 * the create and delete the tape chart and Inventory share. A block's change refreshes the grid through the
 * same keys its live event does (src/web/api/keys.ts).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { RoomBlock } from "../../domain/schemas/room-blocks.js";
import { useChange } from "./changes.js";
import { apiFetch } from "./client.js";
import { keys } from "./keys.js";
import { useProperty } from "./property.js";

export type RoomBlockInput = { roomId: string; startDate: string; endDate: string; reason: string };

const path = (pid: string) => `/api/properties/${pid}/room-blocks`;

/** Blocks that overlap `[start, end)`; either end may be left open. `enabled` false for a role without blocks. */
export function useRoomBlocks({
  start,
  end,
  enabled = true,
}: {
  start?: string;
  end?: string;
  enabled?: boolean;
} = {}) {
  const { id } = useProperty();
  const query = new URLSearchParams({ ...(start ? { start } : {}), ...(end ? { end } : {}) }).toString();
  return useQuery({
    queryKey: [...keys.roomBlocks(id), start ?? "", end ?? ""],
    queryFn: () => apiFetch<RoomBlock[]>(`${path(id)}${query ? `?${query}` : ""}`),
    enabled,
  });
}

export function useCreateRoomBlock() {
  const change = useChange("room_block");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (input: RoomBlockInput) =>
      change(() => apiFetch<RoomBlock>(path(id), { method: "POST", body: input })),
  });
}

export function useDeleteRoomBlock() {
  const change = useChange("room_block");
  const { id } = useProperty();
  return useMutation({
    mutationFn: (blockId: string) =>
      change(() => apiFetch<RoomBlock>(`${path(id)}/${blockId}`, { method: "DELETE" })),
  });
}
