/**
 * Settings → Booking engine (docs/product.md#booking-engine-settings): whether guests can book on the hotel's
 * public page (`bookingEngineEnabled`), saved as soon as the box is ticked, and, while they can, the page's
 * link to share, with Copy link. The page offers the plans on sale and offered on the booking engine
 * (Settings → Rate plans); while it is off, it says online booking is not available.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Property } from "../../../domain/schemas/properties.js";
import { useUpdateProperty } from "../../api/property.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";

/** The public page of the property with this code, on the origin the staff app is served from. */
export function bookingPageUrl(origin: string, code: string): string {
  return `${origin}/book/${encodeURIComponent(code)}`;
}

export function BookingEngineSection({ property }: { property: Property }) {
  const update = useUpdateProperty();
  const [said, setSaid] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  // What was asked, from the click until the change is settled: the box shows it at once (the mutation's
  // own pending state arrives a task later, after React has put the box back) and does not flick back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const url = bookingPageUrl(window.location.origin, property.code);
  const enabled = asked ?? property.bookingEngineEnabled;
  const { t } = useLingui();
  const notChanged = (reason: string) => t`Could not change online booking: ${reason}`;

  const turn = (on: boolean) => {
    setSaid(null);
    setCopyError(null);
    setAsked(on);
    update.mutate(
      { bookingEngineEnabled: on },
      {
        onSuccess: () => setSaid(on ? t`Online booking is on.` : t`Online booking is off.`),
        onSettled: () => setAsked(null),
      },
    );
  };
  const copy = async () => {
    setSaid(null);
    setCopyError(null);
    try {
      await navigator.clipboard.writeText(url);
      setSaid(t`Link copied.`);
    } catch {
      // No clipboard access (permission refused, an insecure origin): the link can be selected instead.
      setCopyError(t`Copying failed: select the link and copy it yourself.`);
    }
  };

  return (
    <section className="panel stack" aria-labelledby="booking-engine-heading">
      <h2 id="booking-engine-heading">
        <Trans>Booking engine</Trans>
      </h2>
      <p className="muted section-intro">
        <Trans>
          The hotel's own booking page: guests choose dates and a plan offered on the booking engine, and book
          without calling the desk. Their stays arrive in Reservations.
        </Trans>
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={enabled}
          disabled={asked !== null}
          onChange={(event) => turn(event.target.checked)}
        />
        <Trans>Guests can book online</Trans>
      </label>
      {enabled ? (
        <div className="booking-link">
          <span className="booking-link-label">
            <Trans>Public link</Trans>
          </span>{" "}
          <a href={url} target="_blank" rel="noopener" className="booking-link-url">
            {url}
          </a>
          <button type="button" className="button small" onClick={() => void copy()}>
            <Trans>Copy link</Trans>
          </button>
        </div>
      ) : (
        <p className="muted booking-link-off">
          <Trans>Off: the booking page tells guests online booking is not available.</Trans>
        </p>
      )}
      <FormError message={update.error ? notChanged(update.error.message) : copyError} />
      <FormSuccess message={said} />
    </section>
  );
}
