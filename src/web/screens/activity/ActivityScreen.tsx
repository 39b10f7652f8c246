/**
 * Activity (docs/product.md#activity-log): who changed what, newest first, a page at a time, as sentences that
 * name the record. Filters by kind of record, person and the hotel's days live in the address (so a filtered
 * log can be bookmarked); `?entityId=` shows one record's history (an entry's "History" button lands here).
 */
import { useSearchParams } from "react-router";
import { ACTIVITY_RECORD_LABELS } from "../../../domain/activity-fields.js";
import { subjectText } from "../../../domain/activity-text.js";
import { ACTIVITY_RECORD_TYPES } from "../../../domain/schemas/activity.js";
import { useActivity, useMembers } from "../../api/team.js";
import { EmptyState } from "../../components/EmptyState.js";
import { DateField, SelectField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { LoadMore } from "../../components/LoadMore.js";
import { PageHeader } from "../../components/PageHeader.js";
import { ActivityEntries, useActivityContext } from "./ActivityEntries.js";

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

  function set(name: Filter, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }
  const record = filters.entityId ? entries.find((entry) => entry.entityId === filters.entityId) : undefined;

  return (
    <>
      <PageHeader title="Activity">
        {filtered ? (
          <button type="button" className="button" onClick={() => setParams({}, { replace: true })}>
            Clear filters
          </button>
        ) : null}
      </PageHeader>
      <section className="panel activity-panel" aria-label="Activity log">
        <search className="list-filters activity-filters">
          <div className="form-grid">
            <SelectField
              label="Record type"
              value={filters.entityType}
              onValue={(value) => set("entityType", value)}
            >
              <option value="">All records</option>
              {ACTIVITY_RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACTIVITY_RECORD_LABELS[type]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Person" value={filters.actorId} onValue={(value) => set("actorId", value)}>
              <option value="">Everyone</option>
              {(members.data ?? []).map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.displayName || member.email}
                </option>
              ))}
            </SelectField>
            <DateField
              label="From"
              value={filters.from}
              max={filters.to || undefined}
              onValue={(value) => set("from", value)}
            />
            <DateField
              label="To"
              value={filters.to}
              min={filters.from || undefined}
              error={invalidRange ? "Must be on or after the first day" : null}
              onValue={(value) => set("to", value)}
            />
          </div>
        </search>
        <p className="muted activity-zone">
          Times are the hotel's ({context.timeZone.replaceAll("_", " ")}).
          {filters.entityId ? (
            <> Showing the history of {record ? subjectText(record, context) : "one record"}.</>
          ) : null}
        </p>
        <FormError message={activity.error?.message} />
        {activity.isPending ? (
          <p className="muted" role="status">
            Loading...
          </p>
        ) : entries.length === 0 ? (
          <EmptyState>{filtered ? "No activity matches these filters." : "No activity yet."}</EmptyState>
        ) : (
          <ActivityEntries
            entries={entries}
            label="Entries, newest first"
            action={(entry) =>
              entry.entityId && entry.entityId !== filters.entityId ? (
                <button
                  type="button"
                  className="button small"
                  aria-label={`History of ${subjectText(entry, context)}`}
                  onClick={() => setParams({ entityId: entry.entityId ?? "" })}
                >
                  History
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
