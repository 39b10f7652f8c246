/**
 * A stay's history from the activity log, newest first, as sentences (owners, managers and the front desk:
 * the server answers a clerk one stay's history and nothing more).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useActivity } from "../../api/team.js";
import { FormError } from "../../components/FormError.js";
import { LoadMore } from "../../components/LoadMore.js";
import { ActivityEntries } from "../activity/ActivityEntries.js";

export function StayHistory({ stayId }: { stayId: string }) {
  const { t } = useLingui();
  const activity = useActivity({ entityId: stayId });
  const entries = activity.data?.pages.flat() ?? [];
  return (
    <section className="activity-history" aria-labelledby="stay-history-heading">
      <h3 id="stay-history-heading">
        <Trans>History</Trans>
      </h3>
      <FormError message={activity.error?.message} />
      {activity.isPending ? (
        <p className="muted">
          <Trans>Loading...</Trans>
        </p>
      ) : entries.length === 0 ? (
        <p className="muted">
          <Trans>No history yet.</Trans>
        </p>
      ) : (
        <ActivityEntries entries={entries} label={t`The stay's history, newest first`} />
      )}
      <LoadMore query={activity} />
    </section>
  );
}
