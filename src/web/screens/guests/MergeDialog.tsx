/**
 * "Merge" (docs/product.md#guests): the clerk finds the other profile of the same person by searching, and,
 * once asked whether to, its stays move to this profile and it is deleted (`POST …/guests/:id/merge`). A
 * refusal (a profile anonymized or gone meanwhile) is a notice naming both.
 */
import { type FormEvent, useState } from "react";
import { staysLabel } from "../../../domain/labels.js";
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
      heading={`Merge another profile into ${guest.name}`}
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
            title: `Merge ${source.name} into ${guest.name}?`,
            body:
              `${source.name}'s ${staysLabel(source.stayCount)} move to ${guest.name}, and the profile ` +
              `${source.name} is deleted. This cannot be undone.`,
            confirmLabel: "Merge",
            danger: true,
          });
          if (!agreed) return;
          merge.mutate(
            { targetId: guest.id, sourceId: source.id },
            {
              onSuccess: () => {
                notify(`${source.name} merged into ${guest.name}.`);
                close();
              },
              onError: (cause) =>
                notify(`Could not merge ${source.name} into ${guest.name}: ${cause.message}`, "error"),
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={(event) => void submit(event)} noValidate>
            <p className="muted">
              The other profile's stays move to {guest.name}; its own details are not copied, and it is
              deleted.
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
                    <bdi>{source.name}</bdi>
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
