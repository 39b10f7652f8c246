/**
 * A guest's profile (`/hms/guests/:id`, docs/product.md#guests): the person's details in words, their stays
 * newest first with nights and revenue, and what may be done with the profile: "Edit", "Merge" (another
 * profile's stays move here), and for owners and managers "Export data" (everything held about the person,
 * as a file) and "Anonymize" (the right to be forgotten). An anonymized profile says so and can no longer be
 * edited, merged or anonymized.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { capitalize } from "../../../domain/labels.js";
import type { GuestDetail } from "../../../domain/schemas/guests.js";
import { downloadGuestExport, useAnonymizeGuest, useGuest } from "../../api/guests.js";
import { useCan, useProperty, usePropertyToday } from "../../api/property.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { FormError } from "../../components/FormError.js";
import { notify } from "../../components/notices.js";
import { PageHeader } from "../../components/PageHeader.js";
import { useDateWords } from "../../i18n/format.js";
import { useGuestWords } from "../../i18n/guestWords.js";
import { DOCUMENT_TYPE_WORDS } from "../../i18n/labels.js";
import { GuestFormDialog } from "./GuestFormDialog.js";
import { GuestStays } from "./GuestStays.js";
import { MergeDialog } from "./MergeDialog.js";
import "./guests.css";

export default function GuestProfileScreen() {
  const guestId = useParams().id ?? "";
  const guest = useGuest(guestId);
  const { t } = useLingui();
  const back = (
    <Link className="back-link" to="/hms/guests">
      <Trans>← All guests</Trans>
    </Link>
  );
  if (!guest.data) {
    const gone = guest.error instanceof AppError && guest.error.code === "not_found";
    return (
      <>
        {back}
        <PageHeader title={t`Guest`} />
        {gone ? (
          <p className="panel" role="alert">
            <Trans>
              This guest profile does not exist any more: it may have been merged into another profile.
            </Trans>
          </p>
        ) : (
          <FormError message={guest.error?.message} />
        )}
        {guest.isPending ? (
          <p className="muted">
            <Trans>Loading...</Trans>
          </p>
        ) : null}
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
  const { t } = useLingui();
  const name = useGuestWords().name(guest);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadGuestExport(pid, guest.id);
      notify(t`The data held about ${name} is downloaded.`);
    } catch (cause) {
      const message = (cause as Error).message;
      notify(t`Could not export the data of ${name}: ${message}`, "error");
    } finally {
      setExporting(false);
    }
  };

  const askAnonymize = async () => {
    const agreed = await confirmDialog({
      title: t`Anonymize ${name}?`,
      body: t`Their name becomes “Anonymized guest”, and their email, phone, date of birth, document, address, tax ID, notes and tags are removed from the profile, its stays and the activity log, for good. Amounts, dates, reservation codes and invoice numbers are kept.`,
      confirmLabel: t`Anonymize`,
      danger: true,
    });
    if (!agreed) return;
    anonymize.mutate(guest.id, {
      onSuccess: () => notify(t`${name} is anonymized.`),
      onError: (cause) => {
        const message = cause.message;
        notify(t`Could not anonymize ${name}: ${message}`, "error");
      },
    });
  };

  return (
    <>
      <PageHeader title={name}>
        {anonymized ? null : (
          <>
            <button type="button" className="button" onClick={() => setDialog("edit")}>
              <Trans>Edit</Trans>
            </button>
            <button type="button" className="button" onClick={() => setDialog("merge")}>
              <Trans>Merge</Trans>
            </button>
          </>
        )}
        {canManage ? (
          <button type="button" className="button" disabled={exporting} onClick={() => void exportData()}>
            <Trans>Export data</Trans>
          </button>
        ) : null}
        {canManage && !anonymized ? (
          <button
            type="button"
            className="button danger"
            disabled={anonymize.isPending}
            onClick={() => void askAnonymize()}
          >
            <Trans>Anonymize</Trans>
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
  const words = useDateWords();
  const day = guest.anonymizedAt ? words.day(localDay(guest.anonymizedAt, timeZone), today) : null;
  return (
    <p className="panel anonymized-note">
      {day ? (
        <Trans>
          <span className="badge anonymized">Anonymized</span> on {day}. The person's details were removed;
          their stays keep amounts, dates and codes.
        </Trans>
      ) : (
        <Trans>
          <span className="badge anonymized">Anonymized</span> The person's details were removed; their stays
          keep amounts, dates and codes.
        </Trans>
      )}
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
  const { t } = useLingui();
  const words = useGuestWords();
  const dates = useDateWords();
  const document = guest.documentType
    ? [capitalize(t(DOCUMENT_TYPE_WORDS[guest.documentType])), guest.documentNumber].filter(Boolean).join(" ")
    : guest.documentNumber;
  // What the guest gave is shown as written (bdi: a name or address in another script keeps its direction).
  // Each row: its key (the email's row is styled apart), label and value.
  const rows: [string, string, string][] = [
    ["email", t`Email`, guest.email],
    ["phone", t`Phone`, guest.phone],
    ["language", t`Language`, words.languageName(guest.language)],
    ["country", t`Country`, words.countryName(guest.country)],
    ["dateOfBirth", t`Date of birth`, guest.dateOfBirth ? dates.day(guest.dateOfBirth, "") : ""],
    ["document", t`Document`, document],
    ["taxId", t`Tax ID`, guest.taxId],
    ["address", t`Address`, guest.address],
    ["marketing", t`Marketing emails`, guest.marketingConsent ? t`Agreed` : t`Not agreed`],
    ["since", t`Guest since`, dates.day(localDay(guest.createdAt, timeZone), today)],
  ];
  return (
    <section className="panel" aria-labelledby="guest-profile-heading">
      <h2 id="guest-profile-heading">
        <Trans>Profile</Trans>
      </h2>
      {guest.tags.length > 0 ? (
        <ul className="guest-tags" aria-label={t`Tags`}>
          {guest.tags.map((tag) => (
            <li key={tag} className="badge tag">
              <bdi>{tag}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="guest-details">
        {rows.map(([key, label, value]) => (
          // An email is one unbroken word: on a phone it gets the whole line rather than break mid-address.
          <div key={key} className={key === "email" ? "guest-detail-long" : undefined}>
            <dt>{label}</dt>
            <dd>
              {value ? (
                <bdi className="pre-line">{value}</bdi>
              ) : (
                <span className="muted">
                  <Trans>Not recorded</Trans>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {guest.notes ? (
        <div className="guest-notes">
          <h3>
            <Trans>Notes</Trans>
          </h3>
          <p className="pre-line">
            <bdi>{guest.notes}</bdi>
          </p>
        </div>
      ) : null}
    </section>
  );
}
