/** A stay's history from the activity log (owners and managers), newest first. */
import { useActivity } from "../../api/team.js";
import { FormError } from "../../components/FormError.js";
import { actionLabel, Changes } from "../activity/ActivityScreen.js";

export function StayHistory({ stayId }: { stayId: string }) {
  const activity = useActivity(stayId);
  const entries = activity.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="stay-history-heading">
      <h3 id="stay-history-heading">History</h3>
      <FormError message={activity.error?.message} />
      {activity.isPending ? (
        <p className="muted">Loading...</p>
      ) : entries.length === 0 ? (
        <p className="muted">No history yet.</p>
      ) : (
        <ol className="stay-history">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="muted">{new Date(entry.at).toLocaleString()}</span> ·{" "}
              <bdi>{entry.actorName}</bdi> · {actionLabel(entry.action)}
              <Changes changes={entry.changes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
