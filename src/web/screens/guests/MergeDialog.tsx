/**
 * "Merge" (docs/product.md#guests): the clerk finds the other profile of the same person by searching, and,
 * once asked whether to, its stays move to this profile and it is deleted (`POST …/guests/:id/merge`). A
 * refusal (a profile anonymized or gone meanwhile) is a notice naming both.
 */
import { type FormEvent, useState } from "react";
import { guestDisplayName, staysLabel } from "../../../domain/labels.js";
import type { GuestDetail, GuestListItem } from "../../../domain/schemas/guests.js";
import { useMergeGuest } from "../../api/guests.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DialogActions } from "../../components/EditDialog.js";
import { GuestCombobox, guestContact } from "../../components/GuestCombobox.js";
import { Modal } from "../../components/Modal.js";
import { notify } from "../../components/notices.js";

export function MergeDialog({ guest, onClose }: { guest: GuestDetail; onClose: () => void }) {
  const [text, setText] = useState("");
  const [source, setSource] = useState<GuestListItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const merge = useMergeGuest();

  return (
    <Modal
      heading={`Merge another profile into ${guestDisplayName(guest)}`}
      className="stay-dialog dialog-narrow guest-dialog"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = async (event: FormEvent) => {
          event.preventDefault();
          if (!source) {
            setProblem("Search for the other profile and pick it from the list.");
            return;
          }
          const agreed = await confirmDialog({
            title: `Merge ${guestDisplayName(source)} into ${guestDisplayName(guest)}?`,
            body:
              `${guestDisplayName(source)}'s ${staysLabel(source.stayCount)} move to ${guestDisplayName(guest)}, and the profile ` +
              `${guestDisplayName(source)} is deleted. This cannot be undone.`,
            confirmLabel: "Merge",
            danger: true,
          });
          if (!agreed) return;
          merge.mutate(
            { targetId: guest.id, sourceId: source.id },
            {
              onSuccess: () => {
                notify(`${guestDisplayName(source)} merged into ${guestDisplayName(guest)}.`);
                close();
              },
              onError: (cause) =>
                notify(
                  `Could not merge ${guestDisplayName(source)} into ${guestDisplayName(guest)}: ${cause.message}`,
                  "error",
                ),
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={(event) => void submit(event)} noValidate>
            <p className="muted">
              The other profile's stays move to {guestDisplayName(guest)}, its details fill what this profile
              lacks (a blank email, phone or document; its tags), and it is deleted.
            </p>
            <GuestCombobox
              label="Profile to merge"
              placeholder="Name, email, phone or document number"
              value={text}
              exclude={guest.id}
              suggest={source === null}
              onValue={(value) => {
                setText(value);
                setSource(null);
                setProblem(null);
              }}
              onPick={(picked) => {
                setText(picked.name);
                setSource(picked);
                setProblem(null);
              }}
              error={problem}
            />
            {source ? (
              <dl className="merge-source">
                <div>
                  <dt>Merging</dt>
                  <dd>
                    <bdi>{guestDisplayName(source)}</bdi>
                    <div className="muted">
                      {[guestContact(source), staysLabel(source.stayCount)].filter(Boolean).join(" · ")}
                    </div>
                  </dd>
                </div>
              </dl>
            ) : null}
            <DialogActions submit="Merge" busy={merge.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}
