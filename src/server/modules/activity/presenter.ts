import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { toIso } from "../../http/present.js";
import type { Changes } from "./record.js";
import type { ActivityRow } from "./service.js";
import type { Named } from "./subjects.js";

export function presentActivityEntry(row: ActivityRow, named: Named | undefined): ActivityEntry {
  return {
    id: row.id,
    at: toIso(row.at),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    changes: row.changes as Changes,
    subject: named?.subject ?? null,
    names: named?.names ?? {},
  };
}
