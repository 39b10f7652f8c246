/**
 * Activity (docs/product.md#activity-log): who changed what, newest first, a page at a time. `?entityId=`
 * shows one record's history (a reservation's "History" link lands here).
 */
import { Link, useSearchParams } from "react-router";
import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { useActivity } from "../../api/team.js";
import { DataTable } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { FormError } from "../../components/FormError.js";
import { LoadMore } from "../../components/LoadMore.js";
import { PageHeader } from "../../components/PageHeader.js";

/** "reservation.checked_in" → "Reservation checked in". */
export function actionLabel(action: string): string {
  const text = action.replace(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(show).join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function Changes({ changes }: { changes: ActivityEntry["changes"] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="changes">
      {fields.map(([field, { before, after }]) => (
        <li key={field}>
          <span className="muted">{field}:</span>{" "}
          {before === null || before === undefined ? (
            <bdi>{show(after)}</bdi>
          ) : (
            <>
              <bdi>{show(before)}</bdi> → <bdi>{show(after)}</bdi>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function ActivityScreen() {
  const [params, setParams] = useSearchParams();
  const entityId = params.get("entityId");
  const activity = useActivity(entityId);
  const entries = activity.data?.pages.flat() ?? [];

  return (
    <>
      <PageHeader title="Activity">
        {entityId ? (
          <Link className="button" to="/hms/activity">
            Show all activity
          </Link>
        ) : null}
      </PageHeader>
      <section className="panel table-wrap" aria-label="Activity log">
        {entityId ? <p className="muted">History of one record ({entityId}).</p> : null}
        <FormError message={activity.error?.message} />
        {activity.isPending ? (
          <p className="muted" role="status">
            Loading...
          </p>
        ) : entries.length === 0 ? (
          <EmptyState>No activity yet.</EmptyState>
        ) : (
          <DataTable columns={["When", "Who", "What", "Changes", "Record"]}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="nowrap">{new Date(entry.at).toLocaleString()}</td>
                <td>
                  <bdi className="clip">{entry.actorName}</bdi>
                </td>
                <td>{actionLabel(entry.action)}</td>
                <td>
                  <Changes changes={entry.changes} />
                </td>
                <td>
                  {entry.entityId && entry.entityId !== entityId ? (
                    <button
                      type="button"
                      className="button small"
                      onClick={() => setParams({ entityId: entry.entityId ?? "" })}
                    >
                      History
                    </button>
                  ) : (
                    <span className="muted">{entry.entityType.replace("_", " ")}</span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <LoadMore query={activity} />
      </section>
    </>
  );
}
