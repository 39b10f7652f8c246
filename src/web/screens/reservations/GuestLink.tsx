/**
 * The booking form's link to a returning guest's profile (docs/product.md#guests): what a create sends for
 * the guest, and the line under "Guest name" that says which profile the stay goes to, or that a retyped
 * name let go of one.
 */
import { Plural, Trans } from "@lingui/react/macro";
import type { GuestListItem } from "../../../domain/schemas/guests.js";
import type { ReservationCreateInput } from "../../../domain/schemas/reservations.js";

export const EMPTY_GUEST = { guestName: "", guestPhone: "", guestEmail: "" };
type GuestFields = typeof EMPTY_GUEST;

/**
 * The guest part of a create: a picked profile's id with only the contact details changed here (which update
 * the profile), or the typed fields for a new profile.
 */
export function guestPart(guest: GuestFields, linked: GuestListItem | null): Partial<ReservationCreateInput> {
  if (!linked) return guest;
  return {
    guestId: linked.id,
    ...(guest.guestPhone !== linked.phone ? { guestPhone: guest.guestPhone } : {}),
    ...(guest.guestEmail !== linked.email ? { guestEmail: guest.guestEmail } : {}),
  };
}

export function GuestLinkHint({
  linked,
  dropped,
  onUnlink,
}: {
  /** The profile picked from the suggestions. */
  linked: GuestListItem | null;
  /** The name of the profile a retyped name let go of. */
  dropped: string | null;
  onUnlink: () => void;
}) {
  if (linked) {
    const { name, stayCount } = linked;
    return (
      <span className="guest-link">
        {stayCount > 0 ? (
          <Trans>
            Returning guest: <bdi>{name}</bdi> (<Plural value={stayCount} one="# stay" other="# stays" />
            ).
          </Trans>
        ) : (
          <Trans>
            Returning guest: <bdi>{name}</bdi>.
          </Trans>
        )}{" "}
        <button type="button" className="link-button" onClick={onUnlink}>
          <Trans>Unlink</Trans>
        </button>
      </span>
    );
  }
  return dropped ? (
    <span className="guest-link">
      <Trans>
        Not linked to <bdi>{dropped}</bdi>: a new guest profile will be made.
      </Trans>
    </span>
  ) : null;
}
