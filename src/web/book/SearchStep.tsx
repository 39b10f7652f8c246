/** @jsxImportSource preact */
/** Step 1, dates and guests. Checked here first (stay.ts), so the guest hears of a typo before waiting. */
import { useState } from "preact/hooks";
import { addDays, compareIsoDates, isIsoDate } from "../../domain/dates.js";
import type { StaySearch } from "./api.js";
import { useSpeech } from "./language.js";
import { Alert, InputField } from "./parts.js";
import { type Problems, searchProblems } from "./stay.js";

type Props = {
  search: StaySearch;
  /** The hotel's today: the first day the guest may arrive. */
  today: string;
  /** The most guests any room type sleeps. */
  maxGuests: number;
  searching: boolean;
  onChange: (search: StaySearch) => void;
  onSearch: () => void;
};

export function SearchStep({ search, today, maxGuests, searching, onChange, onSearch }: Props) {
  const { words } = useSpeech();
  const [problems, setProblems] = useState<Problems>({});
  const count = (value: string) => (value === "" ? Number.NaN : Number(value));
  // A problem shown stays until the guest changes something; then it is checked again on "Search".
  const change = (next: StaySearch) => {
    setProblems({});
    onChange(next);
  };

  function changeCheckIn(checkIn: string) {
    // A guest who moves the arrival past the departure means to keep the length of stay: one night at least.
    const keepsOrder = !isIsoDate(checkIn) || compareIsoDates(search.checkOut, checkIn) > 0;
    change({ ...search, checkIn, checkOut: keepsOrder ? search.checkOut : addDays(checkIn, 1) });
  }

  function submit(event: Event) {
    event.preventDefault();
    const found = searchProblems(search, today);
    setProblems(found);
    if (Object.keys(found).length === 0) onSearch();
  }

  const invalid = Object.keys(problems).length > 0;
  return (
    <section class="book-card" aria-labelledby="search-heading">
      <h2 id="search-heading" class="book-heading">
        {words.searchTitle}
      </h2>
      <form class="book-search" noValidate onSubmit={submit}>
        <InputField
          label={words.checkIn}
          type="date"
          required
          min={today}
          value={search.checkIn}
          onValue={changeCheckIn}
          error={problems.checkIn?.(words)}
        />
        <InputField
          label={words.checkOut}
          type="date"
          required
          min={isIsoDate(search.checkIn) ? addDays(search.checkIn, 1) : today}
          value={search.checkOut}
          onValue={(checkOut) => change({ ...search, checkOut })}
          error={problems.checkOut?.(words)}
        />
        <InputField
          label={words.adults}
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={maxGuests}
          value={Number.isNaN(search.adults) ? "" : String(search.adults)}
          onValue={(adults) => change({ ...search, adults: count(adults) })}
          error={problems.adults?.(words)}
        />
        <InputField
          label={words.children}
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={maxGuests}
          value={Number.isNaN(search.children) ? "" : String(search.children)}
          onValue={(children) => change({ ...search, children: count(children) })}
          error={problems.children?.(words)}
        />
        <button type="submit" class="book-button book-primary book-search-button" disabled={searching}>
          {searching ? words.searching : words.search}
        </button>
      </form>
      {invalid ? <Alert message={words.fixFields} /> : null}
    </section>
  );
}
