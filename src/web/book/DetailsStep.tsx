/** @jsxImportSource preact */
/** Step 3, the guest's details, under a summary of what they are booking. */
import type { JSX } from "preact";
import { useMemo } from "preact/hooks";
import { countryChoices } from "../../domain/labels.js";
import type { Language } from "../../domain/languages.js";
import type { GuestDetails, RatePlanOffer, RoomOffer, StaySearch } from "./api.js";
import { useSpeech } from "./language.js";
import { PlanTerms, StaySummary } from "./OffersStep.js";
import { InputField, SelectField, StepHeading } from "./parts.js";
import { countryFromLanguages, type Problems } from "./stay.js";

/** A plan the guest chose, with the room type it books and the search it was offered for. */
export type Choice = { room: RoomOffer; plan: RatePlanOffer; search: StaySearch };

type Props = {
  choice: Choice;
  currency: string;
  guest: GuestDetails;
  problems: Problems;
  submitting: boolean;
  /** The outcome of the last "Confirm booking" (a changed price, a refused field), above the form. */
  alert: JSX.Element;
  onGuest: (guest: GuestDetails) => void;
  onConfirm: () => void;
  onBack: () => void;
};

/** Most guests book from their own country: the select starts at the one their browser's language names. */
export function browserCountry(): string {
  const known = new Set(countryChoices().map((country) => country.code));
  return countryFromLanguages(navigator.languages ?? [navigator.language], known);
}

/**
 * Every country by its name in `language`, in that language's order. Named by the language itself, not its
 * locale: English's names and order are then exactly those of the staff app (countryChoices).
 */
function countriesIn(language: Language): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  return countryChoices()
    .map((country) => ({ value: country.code, label: names.of(country.code) ?? country.name }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

export function DetailsStep(props: Props) {
  const { choice, currency, guest, problems, submitting, alert, onGuest, onConfirm, onBack } = props;
  const { language, words } = useSpeech();
  const countries = useMemo(
    () => [{ value: "", label: words.chooseCountry }, ...countriesIn(language)],
    [language, words],
  );
  const set = (field: keyof GuestDetails) => (value: string) => onGuest({ ...guest, [field]: value });

  return (
    <section aria-labelledby="details-heading">
      <StepHeading id="details-heading">{words.detailsTitle}</StepHeading>
      <div class="book-card book-choice">
        <h3>
          {words.yourStay}: {choice.room.roomTypeName}
        </h3>
        <StaySummary search={choice.search} />
        <PlanTerms plan={choice.plan} currency={currency} />
      </div>
      {alert}
      <form
        class="book-card book-details"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <InputField
          label={words.name}
          autocomplete="name"
          required
          value={guest.name}
          onValue={set("name")}
          error={problems.name?.(words)}
        />
        <InputField
          label={words.email}
          type="email"
          autocomplete="email"
          required
          value={guest.email}
          onValue={set("email")}
          error={problems.email?.(words)}
        />
        <InputField
          label={words.phone}
          type="tel"
          autocomplete="tel"
          required
          value={guest.phone}
          onValue={set("phone")}
          error={problems.phone?.(words)}
        />
        <SelectField
          label={words.country}
          autocomplete="country"
          required
          options={countries}
          value={guest.country}
          onValue={set("country")}
          error={problems.country?.(words)}
        />
        <div class="book-actions">
          <button type="submit" class="book-button book-primary" disabled={submitting}>
            {submitting ? words.booking : words.confirmBooking}
          </button>
          <button type="button" class="book-button" onClick={onBack} disabled={submitting}>
            {words.backToRooms}
          </button>
        </div>
      </form>
    </section>
  );
}
