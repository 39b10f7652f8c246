/**
 * Guests (`/hms/guests`, docs/product.md#guests): the hotel's guest profiles, newest first, found by part of
 * a name, email, phone or document number as the clerk types ("Search", in the URL as `?q=` so a search
 * survives a reload), a page at a time ("Load more"). Each name opens the profile; "New guest" adds one.
 */

import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { GuestListItem } from "../../../domain/schemas/guests.js";
import { useGuestSearch } from "../../api/guests.js";
import { usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { FormError } from "../../components/FormError.js";
import { LoadMore } from "../../components/LoadMore.js";
import { PageHeader } from "../../components/PageHeader.js";
import { SearchField } from "../../components/SearchField.js";
import { useSettled } from "../../components/useSettled.js";
import { type DateWords, useDateWords } from "../../i18n/format.js";
import { type GuestWords, useGuestWords } from "../../i18n/guestWords.js";
import { GuestFormDialog } from "./GuestFormDialog.js";
import "./guests.css";

/** Typing pause before a search is sent (as on Reservations). */
const SEARCH_DEBOUNCE_MS = 250;

export default function GuestsScreen() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");
  const q = useSettled(text.trim(), SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const { t } = useLingui();
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set("q", q);
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  return (
    <>
      <PageHeader title={t`Guests`}>
        <button type="button" className="button primary" onClick={() => setAdding(true)}>
          <Trans>New guest</Trans>
        </button>
      </PageHeader>
      <section className="panel table-wrap guests-panel" aria-label={t`Guests`}>
        <search className="list-filters">
          <form className="form-grid" onSubmit={(event) => event.preventDefault()}>
            <SearchField
              value={text}
              onValue={setText}
              placeholder={t`Name, email, phone or document number`}
            />
          </form>
        </search>
        <GuestList q={q} />
      </section>
      {adding ? <GuestFormDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}

function GuestList({ q }: { q: string }) {
  const guests = useGuestSearch(q);
  const today = usePropertyToday();
  const { t } = useLingui();
  const words = useGuestWords();
  const dates = useDateWords();
  const rows = guests.data?.pages.flat() ?? [];
  const stale = guests.isPlaceholderData;
  const count = rows.length;
  const outcome = stale
    ? t`Searching...`
    : !q || guests.isPending
      ? ""
      : count === 0
        ? t`No guests match your search.`
        : guests.hasNextPage
          ? t`The ${count} newest matches are shown. Load more for older ones.`
          : t({ message: plural(count, { one: "# guest matches.", other: "# guests match." }) });
  return (
    <>
      <FormError message={guests.error?.message} />
      {/* One polite live region says how a search went, so it is heard as well as seen. */}
      <p className={q && rows.length === 0 && !stale ? "empty" : "muted result-count"} role="status">
        {outcome}
      </p>
      {guests.isPending ? (
        <p className="empty">
          <Trans>Loading...</Trans>
        </p>
      ) : rows.length === 0 ? (
        q || stale ? null : (
          <EmptyState>{t`No guests yet. Each booking adds its guest, or add one with New guest.`}</EmptyState>
        )
      ) : (
        <DataTable
          className="data phone-cards guests-table"
          aria-busy={stale}
          // Email and phone share a column, and tags sit under the name, so the list fits a laptop's width.
          columns={[t`Name`, t`Contact`, numeric(t`Stays`), t`Last stay`]}
        >
          {rows.map((guest) => (
            <GuestRow key={guest.id} guest={guest} today={today} words={words} dates={dates} />
          ))}
        </DataTable>
      )}
      <LoadMore query={guests} />
    </>
  );
}

function GuestRow({
  guest,
  today,
  words,
  dates,
}: {
  guest: GuestListItem;
  today: string;
  words: GuestWords;
  dates: DateWords;
}) {
  const { t } = useLingui();
  const name = words.name(guest);
  return (
    <tr>
      <td data-label={t`Name`}>
        <Link to={`/hms/guests/${guest.id}`} className="clip" title={name}>
          <bdi>{name}</bdi>
        </Link>
        {guest.anonymizedAt || guest.tags.length > 0 ? (
          <div className="guest-row-tags">
            {guest.anonymizedAt ? (
              <span className="badge anonymized">
                <Trans>Anonymized</Trans>
              </span>
            ) : null}
            {guest.tags.map((tag) => (
              <span key={tag} className="badge tag">
                <bdi>{tag}</bdi>
              </span>
            ))}
          </div>
        ) : null}
      </td>
      <td data-label={t`Contact`}>
        {guest.email ? (
          <bdi className="clip" title={guest.email}>
            {guest.email}
          </bdi>
        ) : null}
        {guest.phone ? (
          <bdi className="clip" title={guest.phone}>
            {guest.phone}
          </bdi>
        ) : null}
        {guest.email || guest.phone ? null : <span className="muted">—</span>}
      </td>
      <td data-label={t`Stays`} className="num">
        {guest.stayCount}
      </td>
      <td data-label={t`Last stay`} className="nowrap">
        {guest.lastStayDate ? (
          dates.day(guest.lastStayDate, today)
        ) : (
          <span className="muted">
            <Trans>None yet</Trans>
          </span>
        )}
      </td>
    </tr>
  );
}
