/**
 * A guest's profile (`/hms/guests/:id`, docs/product.md#guests): the person's details in words, their stays
 * newest first with nights and revenue, and what may be done with the profile: "Edit", "Merge" (another
 * profile's stays move here), and for owners and managers "Export data" (everything held about the person,
 * as a file) and "Anonymize" (the right to be forgotten). An anonymized profile says so and can no longer be
 * edited, merged or anonymized.
 */
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatDay, todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import {
  capitalize,
  countryName,
  DOCUMENT_TYPE_LABELS,
  guestDisplayName,
  languageName,
} from "../../../domain/labels.js";
import type { GuestDetail } from "../../../domain/schemas/guests.js";
import { downloadGuestExport, useAnonymizeGuest, useGuest } from "../../api/guests.js";
import { useCan, useProperty, usePropertyToday } from "../../api/property.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { FormError } from "../../components/FormError.js";
import { notify } from "../../components/notices.js";
import { PageHeader } from "../../components/PageHeader.js";
import { GuestFormDialog } from "./GuestFormDialog.js";
import { GuestStays } from "./GuestStays.js";
import { MergeDialog } from "./MergeDialog.js";
import "./guests.css";

export default function GuestProfileScreen() {
  const guestId = useParams().id ?? "";
  const guest = useGuest(guestId);
  const back = (
    <Link className="back-link" to="/hms/guests">
      ← All guests
    </Link>
  );
  if (!guest.data) {
    const gone = guest.error instanceof AppError && guest.error.code === "not_found";
    return (
      <>
        {back}
        <PageHeader title="Guest" />
        {gone ? (
          <p className="panel" role="alert">
            This guest profile does not exist any more: it may have been merged into another profile.
          </p>
        ) : (
          <FormError message={guest.error?.message} />
        )}
        {guest.isPending ? <p className="muted">Loading...</p> : null}
      </>
    );
  }
  return (
    <>
      {back}
      <Profile guest={guest.data} />
    </>
  );
}

function Profile({ guest }: { guest: GuestDetail }) {
  const canManage = useCan("manage");
  const { id: pid } = useProperty();
  const anonymize = useAnonymizeGuest();
  const [dialog, setDialog] = useState<"edit" | "merge" | null>(null);
  const [exporting, setExporting] = useState(false);
  const anonymized = guest.anonymizedAt !== null;

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadGuestExport(pid, guest.id);
      notify(`The data held about ${guestDisplayName(guest)} is downloaded.`);
    } catch (cause) {
      notify(`Could not export the data of ${guestDisplayName(guest)}: ${(cause as Error).message}`, "error");
    } finally {
      setExporting(false);
    }
  };

  const askAnonymize = async () => {
    const agreed = await confirmDialog({
      title: `Anonymize ${guestDisplayName(guest)}?`,
      body:
        "Their name becomes “Anonymized guest”, and their email, phone, date of birth, document, address, " +
        "tax ID, notes and tags are removed from the profile, its stays and the activity log, for good. " +
        "Amounts, dates, reservation codes and invoice numbers are kept.",
      confirmLabel: "Anonymize",
      danger: true,
    });
    if (!agreed) return;
    anonymize.mutate(guest.id, {
      onSuccess: () => notify(`${guestDisplayName(guest)} is anonymized.`),
      onError: (cause) => notify(`Could not anonymize ${guestDisplayName(guest)}: ${cause.message}`, "error"),
    });
  };

  return (
    <>
      <PageHeader title={guestDisplayName(guest)}>
        {anonymized ? null : (
          <>
            <button type="button" className="button" onClick={() => setDialog("edit")}>
              Edit
            </button>
            <button type="button" className="button" onClick={() => setDialog("merge")}>
              Merge
            </button>
          </>
        )}
        {canManage ? (
          <button type="button" className="button" disabled={exporting} onClick={() => void exportData()}>
            Export data
          </button>
        ) : null}
        {canManage && !anonymized ? (
          <button
            type="button"
            className="button danger"
            disabled={anonymize.isPending}
            onClick={() => void askAnonymize()}
          >
            Anonymize
          </button>
        ) : null}
      </PageHeader>
      {anonymized ? <AnonymizedNote guest={guest} /> : null}
      <ProfileDetails guest={guest} />
      <GuestStays guest={guest} />
      {dialog === "edit" ? <GuestFormDialog guest={guest} onClose={() => setDialog(null)} /> : null}
      {dialog === "merge" ? <MergeDialog guest={guest} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function AnonymizedNote({ guest }: { guest: GuestDetail }) {
  const today = usePropertyToday();
  const { timeZone } = useProperty();
  const day = guest.anonymizedAt ? localDay(guest.anonymizedAt, timeZone) : null;
  return (
    <p className="panel anonymized-note">
      <span className="badge anonymized">Anonymized</span> {day ? `on ${formatDay(day, today)}. ` : null}
      The person's details were removed; their stays keep amounts, dates and codes.
    </p>
  );
}

/** The day an instant fell on at the hotel. */
function localDay(instant: string, timeZone: string): string {
  return todayIn(timeZone, new Date(instant));
}

function ProfileDetails({ guest }: { guest: GuestDetail }) {
  const today = usePropertyToday();
  const { timeZone } = useProperty();
  const document = guest.documentType
    ? [capitalize(DOCUMENT_TYPE_LABELS[guest.documentType]), guest.documentNumber].filter(Boolean).join(" ")
    : guest.documentNumber;
  // What the guest gave is shown as written (bdi: a name or address in another script keeps its direction).
  const rows: [string, string][] = [
    ["Email", guest.email],
    ["Phone", guest.phone],
    ["Language", languageName(guest.language)],
    ["Country", countryName(guest.country)],
    ["Date of birth", guest.dateOfBirth ? formatDay(guest.dateOfBirth, "") : ""],
    ["Document", document],
    ["Tax ID", guest.taxId],
    ["Address", guest.address],
    ["Marketing emails", guest.marketingConsent ? "Agreed" : "Not agreed"],
    ["Guest since", formatDay(localDay(guest.createdAt, timeZone), today)],
  ];
  return (
    <section className="panel" aria-labelledby="guest-profile-heading">
      <h2 id="guest-profile-heading">Profile</h2>
      {guest.tags.length > 0 ? (
        <ul className="guest-tags" aria-label="Tags">
          {guest.tags.map((tag) => (
            <li key={tag} className="badge tag">
              <bdi>{tag}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="guest-details">
        {rows.map(([label, value]) => (
          // An email is one unbroken word: on a phone it gets the whole line rather than break mid-address.
          <div key={label} className={label === "Email" ? "guest-detail-long" : undefined}>
            <dt>{label}</dt>
            <dd>
              {value ? <bdi className="pre-line">{value}</bdi> : <span className="muted">Not recorded</span>}
            </dd>
          </div>
        ))}
      </dl>
      {guest.notes ? (
        <div className="guest-notes">
          <h3>Notes</h3>
          <p className="pre-line">
            <bdi>{guest.notes}</bdi>
          </p>
        </div>
      ) : null}
    </section>
  );
}
