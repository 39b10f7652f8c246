/** @jsxImportSource preact */
/** Step 2, the offers: each room type that can be sold for the search, with its plans and a "Book" each. */
import type { JSX } from "preact";
import { daysBetween } from "../../domain/dates.js";
import type { RatePlanOffer, RoomOffer, StaySearch } from "./api.js";
import { money, stayDate } from "./format.js";
import { StepHeading } from "./parts.js";
import { nightlyPrice } from "./stay.js";
import { WORDS } from "./words.js";

type Props = {
  rooms: RoomOffer[];
  search: StaySearch;
  currency: string;
  /** The outcome of the guest's last action (a room just sold out), shown above the offers. */
  alert: JSX.Element;
  onChoose: (room: RoomOffer, plan: RatePlanOffer) => void;
};

export function OffersStep({ rooms, search, currency, alert, onChoose }: Props) {
  return (
    <section class="book-offers" aria-labelledby="offers-heading">
      <StepHeading id="offers-heading">{WORDS.offersTitle}</StepHeading>
      <StaySummary search={search} />
      {alert}
      {rooms.length === 0 ? (
        <p class="book-card book-empty">{WORDS.noRooms}</p>
      ) : (
        <ul class="book-rooms">
          {rooms.map((room) => (
            <li key={room.roomTypeId} class="book-card book-room">
              <h3>{room.roomTypeName}</h3>
              <p class="book-muted">{WORDS.upToGuests(room.capacity)}</p>
              <ul class="book-plans">
                {room.plans.map((plan) => (
                  <li key={plan.ratePlanId} class="book-plan">
                    <PlanTerms plan={plan} currency={currency} />
                    <button
                      type="button"
                      class="book-button book-primary"
                      aria-label={WORDS.bookPlan(plan.name, room.roomTypeName)}
                      onClick={() => onChoose(room, plan)}
                    >
                      {WORDS.book}
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
  const nights = daysBetween(search.checkIn, search.checkOut);
  return (
    <p class="book-muted">
      {stayDate(search.checkIn)} – {stayDate(search.checkOut)} · {WORDS.nightsCount(nights)} ·{" "}
      {WORDS.guestCount(search.adults, search.children)}
    </p>
  );
}

/** A plan's name, total, nightly price (each night's on request), cancellation terms and deposit. */
export function PlanTerms({ plan, currency }: { plan: RatePlanOffer; currency: string }) {
  const nightly = nightlyPrice(plan);
  const perNight = nightly && money(nightly.price, currency);
  return (
    <div class="book-plan-terms">
      <p class="book-plan-name">{plan.name}</p>
      <p class="book-total">
        <span class="book-muted">{WORDS.totalForStay} </span>
        <strong>{money(plan.total, currency)}</strong>
      </p>
      {perNight ? <p>{nightly.from ? WORDS.perNightFrom(perNight) : WORDS.perNight(perNight)}</p> : null}
      {nightly?.from ? (
        <details>
          <summary>{WORDS.eachNight}</summary>
          <ul class="book-nights">
            {plan.nights.map((night) => (
              <li key={night.date}>
                {stayDate(night.date)}: {money(night.price, currency)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p class={plan.cancellationDays === null ? "book-strict" : "book-free"}>
        {plan.cancellationDays === null ? WORDS.nonRefundable : WORDS.freeCancellation(plan.cancellationDays)}
      </p>
      <p>{plan.depositDue > 0 ? WORDS.depositDue(money(plan.depositDue, currency)) : WORDS.noDeposit}</p>
    </div>
  );
}
