/** @jsxImportSource preact */
/**
 * `/book/:code`: a guest books a stay in four steps on one page (docs/product.md#screens-and-routes): dates and
 * guests, then the offers under them, then the guest's details, then the confirmation. The steps are state,
 * not URLs: a reload starts again at the first, which is all a guest who reloads mid-booking can expect.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { todayIn } from "../../domain/dates.js";
import {
  BookingApiError,
  type BookingCreated,
  type BookingRequest,
  createBooking,
  errorCode,
  type GuestDetails,
  loadOffers,
  loadProperty,
  type PublicProperty,
  type RoomOffer,
  type StaySearch,
} from "./api.js";
import { Confirmation } from "./Confirmation.js";
import { browserCountry, type Choice, DetailsStep } from "./DetailsStep.js";
import { money } from "./format.js";
import { useSpeech } from "./language.js";
import { OffersStep } from "./OffersStep.js";
import { Alert, Message, Page } from "./parts.js";
import { SearchStep } from "./SearchStep.js";
import {
  attemptKeys,
  firstSearch,
  guestProblems,
  type Problems,
  problemsFromServer,
  randomKey,
} from "./stay.js";
import { type Said, say } from "./words.js";

/** What the page tells the guest above the step: the outcome of the last thing they did. */
type Notice = { message: Said; tone: "error" | "info" } | null;

type Loaded =
  | { kind: "loading" }
  | { kind: "ready"; property: PublicProperty }
  | { kind: "failed"; code: string };

export function BookingPage({ code }: { code: string }) {
  const { words } = useSpeech();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is there to load again on "Try again".
  useEffect(() => {
    loadProperty(code).then(
      (property) => setLoaded({ kind: "ready", property }),
      (error: unknown) => setLoaded({ kind: "failed", code: errorCode(error) }),
    );
  }, [code, attempt]);

  if (loaded.kind === "loading") return <Message title={words.pageTitle} text={words.loading} />;
  if (loaded.kind === "ready") {
    const switchedOff = () => setLoaded({ kind: "failed", code: "not_found" });
    return <BookingSteps code={code} property={loaded.property} onSwitchedOff={switchedOff} />;
  }
  // The engine answers 404 on every public route while the hotel has it switched off.
  if (loaded.code === "not_found")
    return <Message title={words.unavailableTitle} text={words.unavailableText} />;
  return (
    <Message title={words.pageTitle} text={loaded.code === "unavailable" ? words.noConnection : words.failed}>
      <button type="button" class="book-button" onClick={() => setAttempt((n) => n + 1)}>
        {words.tryAgain}
      </button>
    </Message>
  );
}

type StepsProps = { code: string; property: PublicProperty; onSwitchedOff: () => void };

function BookingSteps({ code, property, onSwitchedOff }: StepsProps) {
  const { language, words } = useSpeech();
  const { timeZone, currency } = property;
  const first = useMemo(() => firstSearch(timeZone, new Date()), [timeZone]);
  const [search, setSearch] = useState<StaySearch>(first);
  /** The offers and the search they answer; null before the first search and once the search changes. */
  const [offers, setOffers] = useState<{ search: StaySearch; rooms: RoomOffer[] } | null>(null);
  const [searching, setSearching] = useState(false);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [guest, setGuest] = useState<GuestDetails>(() => ({
    name: "",
    email: "",
    phone: "",
    country: browserCountry(),
  }));
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<BookingCreated | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const keyFor = useMemo(() => attemptKeys(randomKey), []);

  const fail = (message: Said) => setNotice({ message, tone: "error" });

  /** The offers for `wanted`, shown and answered; null when they could not be had (the guest is told why). */
  async function fetchOffers(wanted: StaySearch): Promise<RoomOffer[] | null> {
    setSearching(true);
    try {
      const rooms = await loadOffers(code, wanted);
      setOffers({ search: wanted, rooms });
      return rooms;
    } catch (error) {
      if (errorCode(error) === "not_found") onSwitchedOff();
      else fail(messageOf(error));
      return null;
    } finally {
      setSearching(false);
    }
  }

  function changeSearch(next: StaySearch) {
    setSearch(next);
    setOffers(null);
    setNotice(null);
  }

  /** Back to the offers, asked again when `message` says why (what was just taken is then gone). */
  async function backToOffers(message: Said | null, refresh: boolean) {
    setChoice(null);
    setProblems({});
    setNotice(message ? { message, tone: "error" } : null);
    if (refresh && offers) await fetchOffers(offers.search);
  }

  async function confirm(chosen: Choice) {
    const found = guestProblems(guest);
    setProblems(found);
    if (Object.keys(found).length > 0) return fail(say("fixFields"));
    const body: BookingRequest = {
      ...chosen.search,
      roomTypeId: chosen.room.roomTypeId,
      ratePlanId: chosen.plan.ratePlanId,
      expectedTotal: chosen.plan.total,
      guest: { ...guest, name: guest.name.trim(), email: guest.email.trim(), phone: guest.phone.trim() },
      // The guest's profile keeps it, and the confirmation email is written in it.
      language,
    };
    setSubmitting(true);
    setNotice(null);
    try {
      setBooked(await createBooking(code, body, keyFor(body)));
    } catch (error) {
      await bookingFailed(chosen, error);
    } finally {
      setSubmitting(false);
    }
  }

  async function bookingFailed(chosen: Choice, error: unknown) {
    const failure = errorCode(error);
    if (failure === "not_found") return onSwitchedOff();
    if (failure === "sold_out") return backToOffers(say("soldOut"), true);
    if (failure === "restricted") return backToOffers(say("restricted"), true);
    if (failure === "price_changed") {
      const rooms = await fetchOffers(chosen.search);
      if (!rooms) return; // the guest was told why the offers could not be had
      const room = rooms.find((offer) => offer.roomTypeId === chosen.room.roomTypeId);
      const plan = room?.plans.find((offered) => offered.ratePlanId === chosen.plan.ratePlanId);
      if (!room || !plan) return backToOffers(say("planGone"), false);
      setChoice({ ...chosen, room, plan });
      const total = plan.total;
      return setNotice({ message: (w) => w.priceChanged(money(total, currency, w.locale)), tone: "info" });
    }
    if (error instanceof BookingApiError && error.fields.length > 0) {
      setProblems(problemsFromServer(error.fields));
      return fail(say("fixFields"));
    }
    fail(messageOf(error));
  }

  const alert = <Alert message={notice?.message(words) ?? null} tone={notice?.tone} />;
  if (booked) {
    return (
      <Page title={property.name}>
        <Confirmation
          booking={booked}
          currency={currency}
          email={guest.email}
          onBookAnother={() => {
            setBooked(null);
            setChoice(null);
            changeSearch(first);
          }}
        />
      </Page>
    );
  }
  if (choice) {
    return (
      <Page title={property.name}>
        <DetailsStep
          choice={choice}
          currency={currency}
          guest={guest}
          problems={problems}
          submitting={submitting}
          alert={alert}
          onGuest={setGuest}
          onConfirm={() => void confirm(choice)}
          onBack={() => void backToOffers(null, false)}
        />
      </Page>
    );
  }
  return (
    <Page title={property.name}>
      <SearchStep
        search={search}
        today={todayIn(timeZone, new Date())}
        maxGuests={Math.max(1, ...property.roomTypes.map((type) => type.capacity))}
        searching={searching}
        onChange={changeSearch}
        onSearch={() => {
          setNotice(null);
          void fetchOffers(search);
        }}
      />
      {offers ? (
        <OffersStep
          rooms={offers.rooms}
          search={offers.search}
          currency={currency}
          alert={alert}
          onChoose={(room, plan) => {
            setNotice(null);
            setChoice({ room, plan, search: offers.search });
          }}
        />
      ) : (
        alert
      )}
    </Page>
  );
}

/** What to tell the guest about a failure the page has no words of its own for: the server's message. */
function messageOf(error: unknown): Said {
  const code = errorCode(error);
  if (code === "unavailable") return say("noConnection");
  if (code === "internal" || !(error instanceof Error)) return say("failed");
  const { message } = error;
  return (words) => words.fromServer(message);
}
