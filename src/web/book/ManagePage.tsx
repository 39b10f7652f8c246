/** @jsxImportSource preact */
/**
 * `/book/manage/:token`: the guest's booking, from the link on the confirmation and in the email, and
 * "Cancel booking" while the plan allows it. The question is asked in the page (decision 037: no pop-ups),
 * starting on the safe answer.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { cancelBooking, errorCode, loadBooking, type PublicBooking } from "./api.js";
import { amount, stayDate } from "./format.js";
import { useSpeech } from "./language.js";
import { Alert, Message, Page } from "./parts.js";
import { type Said, say } from "./words.js";

type Loaded =
  | { kind: "loading" }
  | { kind: "ready"; booking: PublicBooking }
  | { kind: "failed"; code: string };

export function ManagePage({ token }: { token: string }) {
  const { words } = useSpeech();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<{ message: Said; tone: "error" | "info" } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is there to load again on request.
  useEffect(() => {
    loadBooking(token).then(
      (booking) => setLoaded({ kind: "ready", booking }),
      (error: unknown) => setLoaded({ kind: "failed", code: errorCode(error) }),
    );
  }, [token, attempt]);

  async function cancel() {
    setNotice(null);
    try {
      await cancelBooking(token);
      setNotice({ message: say("cancelled"), tone: "info" });
    } catch (error) {
      const code = errorCode(error);
      if (code === "not_found") return setLoaded({ kind: "failed", code });
      setNotice({
        message: say(
          code === "invalid_transition"
            ? "notCancellable"
            : code === "unavailable"
              ? "noConnection"
              : "failed",
        ),
        tone: "error",
      });
    }
    // Either way the stay may have changed (cancelled, or past its window): show it as it is now.
    setAttempt((n) => n + 1);
  }

  if (loaded.kind === "loading") return <Message title={words.manageTitle} text={words.loading} />;
  if (loaded.kind === "failed") {
    if (loaded.code === "not_found")
      return <Message title={words.bookingNotFoundTitle} text={words.bookingNotFoundText} />;
    return (
      <Message
        title={words.manageTitle}
        text={loaded.code === "unavailable" ? words.noConnection : words.failed}
      >
        <button type="button" class="book-button" onClick={() => setAttempt((n) => n + 1)}>
          {words.tryAgain}
        </button>
      </Message>
    );
  }
  const { booking } = loaded;
  return (
    <Page title={words.manageTitle}>
      <section class="book-card">
        <dl class="book-facts">
          <dt>{words.bookingCode}</dt>
          <dd class="book-code">{booking.code}</dd>
          <dt>{words.status}</dt>
          <dd>
            <span class={`book-status book-status-${booking.status}`}>{words.statuses[booking.status]}</span>
          </dd>
          <dt>{words.dates}</dt>
          <dd>
            {stayDate(booking.checkIn, words.locale)} – {stayDate(booking.checkOut, words.locale)}
          </dd>
          <dt>{words.guests}</dt>
          <dd>{words.guestCount(booking.adults, booking.children)}</dd>
          <dt>{words.roomType}</dt>
          <dd>{booking.roomTypeName}</dd>
          <dt>{words.ratePlan}</dt>
          <dd>{booking.ratePlanName}</dd>
          <dt>{words.total}</dt>
          <dd>{amount(booking.total, booking.currency, words.locale)}</dd>
        </dl>
        <Alert message={notice?.message(words) ?? null} tone={notice?.tone} />
        {booking.cancellable ? <CancelBooking onCancel={cancel} /> : null}
      </section>
    </Page>
  );
}

/** "Cancel booking", then the question in place of the button: "Keep booking" first, Escape keeps it too. */
function CancelBooking({ onCancel }: { onCancel: () => Promise<void> }) {
  const { words } = useSpeech();
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useLayoutEffect(() => {
    if (asking) keep.current?.focus();
    // Back on the button the guest pressed once they keep the booking, not at the top of the page.
    else if (asked.current) start.current?.focus();
    asked.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={start} type="button" class="book-button book-danger" onClick={() => setAsking(true)}>
        {words.cancelBooking}
      </button>
    );
  }
  return (
    <fieldset
      class="book-question"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !cancelling) setAsking(false);
      }}
    >
      <legend>{words.cancelQuestion}</legend>
      <div class="book-actions">
        <button
          ref={keep}
          type="button"
          class="book-button"
          disabled={cancelling}
          onClick={() => setAsking(false)}
        >
          {words.cancelNo}
        </button>
        <button
          type="button"
          class="book-button book-danger"
          disabled={cancelling}
          onClick={() => {
            setCancelling(true);
            void onCancel().finally(() => {
              setCancelling(false);
              setAsking(false);
            });
          }}
        >
          {cancelling ? words.cancelling : words.cancelYes}
        </button>
      </div>
    </fieldset>
  );
}
