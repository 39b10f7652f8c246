/**
 * The Reservations screen's search box and status filter (docs/product.md#search-and-filters). Both live in
 * the URL (`?q=…&status=…`) so a search can be bookmarked and survives a reload; typing reaches the URL, and
 * so the server, only after a short pause.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { RESERVATION_STATUSES } from "../../../domain/constants.js";
import { capitalize } from "../../../domain/labels.js";
import { hasFilters, parseStatuses, type ReservationFilters } from "../../api/reservations.js";
import { SelectField } from "../../components/Field.js";
import { SearchField } from "../../components/SearchField.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";

/** Typing pause before a search is sent. */
const SEARCH_DEBOUNCE_MS = 250;

type FilterChanges = { q?: string; status?: string };

/** The filters in the URL, and a way to change them (the history entry is replaced, not added). */
export function useReservationFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ReservationFilters = {
    q: params.get("q") ?? "",
    statuses: parseStatuses(params.get("status")),
  };
  // One call per change: react-router does not queue two functional updates made in one event.
  const update = useCallback(
    (changes: FilterChanges) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, update };
}

export function ReservationSearch({
  filters,
  update,
}: {
  filters: ReservationFilters;
  update: (changes: FilterChanges) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(filters.q);
  // What the URL said when the box and the URL last agreed: a different URL value comes from navigation
  // (back, a link), and the box follows it.
  const synced = useRef(filters.q);
  useEffect(() => {
    if (filters.q === synced.current) return;
    synced.current = filters.q;
    setText(filters.q);
  }, [filters.q]);

  // Every URL change carries the text as typed so far: two changes computed from the same URL before the
  // first has landed must not undo each other (a status picked while a search is still waiting).
  const apply = useCallback(
    (changes: { q: string; status?: string }) => {
      synced.current = changes.q;
      update(changes);
    },
    [update],
  );
  useEffect(() => {
    if (text === synced.current) return;
    const timer = setTimeout(() => {
      if (text !== synced.current) apply({ q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, apply]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text !== synced.current) apply({ q: text });
  };
  const status = filters.statuses.join(",");

  return (
    <search className="list-filters">
      <form className="form-grid" onSubmit={onSubmit}>
        <SearchField value={text} onValue={setText} placeholder={t`Code, guest name, phone or email`} />
        <SelectField
          label={t`Status`}
          value={status}
          onChange={(event) => apply({ q: text, status: event.target.value })}
        >
          <option value="">{t`All`}</option>
          {RESERVATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {capitalize(t(RESERVATION_STATUS_WORDS[value]))}
            </option>
          ))}
          {/* A bookmarked list of several statuses (`status=booked,checked_in`) keeps its own choice. */}
          {filters.statuses.length > 1 ? (
            <option value={status}>
              {filters.statuses.map((one) => t(RESERVATION_STATUS_WORDS[one])).join(", ")}
            </option>
          ) : null}
        </SelectField>
        {hasFilters(filters) || text ? (
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setText("");
                apply({ q: "", status: "" });
              }}
            >
              <Trans>Clear</Trans>
            </button>
          </div>
        ) : null}
      </form>
    </search>
  );
}
