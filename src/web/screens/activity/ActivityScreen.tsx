/**
 * Activity (docs/product.md#activity-log): who changed what, newest first, a page at a time, as sentences that
 * name the record. Filters by kind of record, person and the hotel's days live in the address (so a filtered
 * log can be bookmarked); `?entityId=` shows one record's history (an entry's "History" button lands here).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { ACTIVITY_RECORD_TYPES, type ActivityEntry } from "../../../domain/schemas/activity.js";
import { useActivity, useMembers } from "../../api/team.js";
import { EmptyState } from "../../components/EmptyState.js";
import { DateField, SelectField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { LoadMore } from "../../components/LoadMore.js";
import { PageHeader } from "../../components/PageHeader.js";
import { ActivityEntries, useActivityContext } from "./ActivityEntries.js";
import { subjectText } from "./activityText.js";
import { ACTIVITY_RECORD_WORDS } from "./activityWords.js";

const FILTERS = ["entityId", "entityType", "actorId", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];

export default function ActivityScreen() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Record<
    Filter,
    string
  >;
  const activity = useActivity(filters);
  const members = useMembers();
  const context = useActivityContext();
  const entries = activity.data?.pages.flat() ?? [];
  const filtered = FILTERS.some((name) => filters[name]);
  const invalidRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  const { t } = useLingui();

  function set(name: Filter, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }
  const record = filters.entityId ? entries.find((entry) => entry.entityId === filters.entityId) : undefined;
  const zone = context.timeZone.replaceAll("_", " ");
  const subject = record ? subjectText(record, context) : "";
  const historyOf = (entry: ActivityEntry) => {
    const named = subjectText(entry, context);
    return t`History of ${named}`;
  };

  return (
    <>
      <PageHeader title={t`Activity`}>
        {filtered ? (
          <button type="button" className="button" onClick={() => setParams({}, { replace: true })}>
            <Trans>Clear filters</Trans>
          </button>
        ) : null}
      </PageHeader>
      <section className="panel activity-panel" aria-label={t`Activity log`}>
        <search className="list-filters activity-filters">
          <div className="form-grid">
            <SelectField
              label={t`Record type`}
              value={filters.entityType}
              onValue={(value) => set("entityType", value)}
            >
              <option value="">{t`All records`}</option>
              {ACTIVITY_RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(ACTIVITY_RECORD_WORDS[type])}
                </option>
              ))}
            </SelectField>
            <SelectField label={t`Person`} value={filters.actorId} onValue={(value) => set("actorId", value)}>
              <option value="">{t`Everyone`}</option>
              {(members.data ?? []).map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.displayName || member.email}
                </option>
              ))}
            </SelectField>
            <DateField
              label={t`From`}
              value={filters.from}
              max={filters.to || undefined}
              onValue={(value) => set("from", value)}
            />
            <DateField
              label={t`To`}
              value={filters.to}
              min={filters.from || undefined}
              error={invalidRange ? t`Must be on or after the first day` : null}
              onValue={(value) => set("to", value)}
            />
          </div>
        </search>
        <p className="muted activity-zone">
          <Trans>Times are the hotel's ({zone}).</Trans>
          {filters.entityId ? " " : null}
          {filters.entityId ? (
            record ? (
              <Trans>Showing the history of {subject}.</Trans>
            ) : (
              <Trans>Showing the history of one record.</Trans>
            )
          ) : null}
        </p>
        <FormError message={activity.error?.message} />
        {activity.isPending ? (
          <p className="muted" role="status">
            <Trans>Loading...</Trans>
          </p>
        ) : entries.length === 0 ? (
          <EmptyState>{filtered ? t`No activity matches these filters.` : t`No activity yet.`}</EmptyState>
        ) : (
          <ActivityEntries
            entries={entries}
            label={t`Entries, newest first`}
            action={(entry) =>
              entry.entityId && entry.entityId !== filters.entityId ? (
                <button
                  type="button"
                  className="button small"
                  aria-label={historyOf(entry)}
                  onClick={() => setParams({ entityId: entry.entityId ?? "" })}
                >
                  <Trans>History</Trans>
                </button>
              ) : null
            }
          />
        )}
        <LoadMore query={activity} />
      </section>
    </>
  );
}
