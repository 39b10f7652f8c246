/** @jsxImportSource preact */
/** Step 2, the offers: each room type that can be sold for the search, with its plans and a "Book" each. */
import type { JSX } from "preact";
import { daysBetween } from "../../domain/dates.js";
import type { RatePlanOffer, RoomOffer, StaySearch } from "./api.js";
import { money, stayDate } from "./format.js";
import { useSpeech } from "./language.js";
import { StepHeading } from "./parts.js";
import { nightlyPrice } from "./stay.js";

type Props = {
  rooms: RoomOffer[];
  search: StaySearch;
  currency: string;
  /** The outcome of the guest's last action (a room just sold out), shown above the offers. */
  alert: JSX.Element;
  onChoose: (room: RoomOffer, plan: RatePlanOffer) => void;
};

export function OffersStep({ rooms, search, currency, alert, onChoose }: Props) {
  const { words } = useSpeech();
  return (
    <section class="book-offers" aria-labelledby="offers-heading">
      <StepHeading id="offers-heading">{words.offersTitle}</StepHeading>
      <StaySummary search={search} />
      {alert}
      {rooms.length === 0 ? (
        <p class="book-card book-empty">{words.noRooms}</p>
      ) : (
        <ul class="book-rooms">
          {rooms.map((room) => (
            <li key={room.roomTypeId} class="book-card book-room">
              <h3>{room.roomTypeName}</h3>
              <p class="book-muted">{words.upToGuests(room.capacity)}</p>
              <ul class="book-plans">
                {room.plans.map((plan) => (
                  <li key={plan.ratePlanId} class="book-plan">
                    <PlanTerms plan={plan} currency={currency} />
                    <button
                      type="button"
                      class="book-button book-primary"
                      aria-label={words.bookPlan(plan.name, room.roomTypeName)}
                      onClick={() => onChoose(room, plan)}
                    >
                      {words.book}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Fri, 12 Jun 2026 – Sat, 13 Jun 2026 · 1 night · 2 adults": what the offers are for. */
export function StaySummary({ search }: { search: StaySearch }) {
  const { words } = useSpeech();
  const nights = daysBetween(search.checkIn, search.checkOut);
  return (
    <p class="book-muted">
      {stayDate(search.checkIn, words.locale)} – {stayDate(search.checkOut, words.locale)} ·{" "}
      {words.nightsCount(nights)} · {words.guestCount(search.adults, search.children)}
    </p>
  );
}

/** A plan's name, total, nightly price (each night's on request), cancellation terms and deposit. */
export function PlanTerms({ plan, currency }: { plan: RatePlanOffer; currency: string }) {
  const { words } = useSpeech();
  const { locale } = words;
  const nightly = nightlyPrice(plan);
  const perNight = nightly && money(nightly.price, currency, locale);
  return (
    <div class="book-plan-terms">
      <p class="book-plan-name">{plan.name}</p>
      <p class="book-total">
        <span class="book-muted">{words.totalForStay} </span>
        <strong>{money(plan.total, currency, locale)}</strong>
      </p>
      {perNight ? <p>{nightly.from ? words.perNightFrom(perNight) : words.perNight(perNight)}</p> : null}
      {nightly?.from ? (
        <details>
          <summary>{words.eachNight}</summary>
          <ul class="book-nights">
            {plan.nights.map((night) => (
              <li key={night.date}>
                {stayDate(night.date, locale)}: {money(night.price, currency, locale)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p class={plan.cancellationDays === null ? "book-strict" : "book-free"}>
        {plan.cancellationDays === null ? words.nonRefundable : words.freeCancellation(plan.cancellationDays)}
      </p>
      <p>
        {plan.depositDue > 0 ? words.depositDue(money(plan.depositDue, currency, locale)) : words.noDeposit}
      </p>
    </div>
  );
}
