/**
 * "Merge" (docs/product.md#guests): the clerk finds the other profile of the same person by searching, and,
 * once asked whether to, its stays move to this profile and it is deleted (`POST …/guests/:id/merge`). A
 * refusal (a profile anonymized or gone meanwhile) is a notice naming both.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { GuestDetail, GuestListItem } from "../../../domain/schemas/guests.js";
import { useMergeGuest } from "../../api/guests.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DialogActions } from "../../components/EditDialog.js";
import { GuestCombobox, guestContact } from "../../components/GuestCombobox.js";
import { Modal } from "../../components/Modal.js";
import { notify } from "../../components/notices.js";
import { useGuestWords } from "../../i18n/guestWords.js";

export function MergeDialog({ guest, onClose }: { guest: GuestDetail; onClose: () => void }) {
  const [text, setText] = useState("");
  const [source, setSource] = useState<GuestListItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const merge = useMergeGuest();
  const { t } = useLingui();
  const words = useGuestWords();
  const target = words.name(guest);

  return (
    <Modal
      heading={t`Merge another profile into ${target}`}
      className="stay-dialog dialog-narrow guest-dialog"
      focusFirstField
      onClose={onClose}
    >
      {(close) => {
        const submit = async (event: FormEvent) => {
          event.preventDefault();
          if (!source) {
            setProblem(t`Search for the other profile and pick it from the list.`);
            return;
          }
          const merged = words.name(source);
          const stays = words.stays(source.stayCount);
          const agreed = await confirmDialog({
            title: t`Merge ${merged} into ${target}?`,
            body: t`${merged}'s ${stays} move to ${target}, and the profile ${merged} is deleted. This cannot be undone.`,
            confirmLabel: t`Merge`,
            danger: true,
          });
          if (!agreed) return;
          merge.mutate(
            { targetId: guest.id, sourceId: source.id },
            {
              onSuccess: () => {
                notify(t`${merged} merged into ${target}.`);
                close();
              },
              onError: (cause) => {
                const message = cause.message;
                notify(t`Could not merge ${merged} into ${target}: ${message}`, "error");
              },
            },
          );
        };
        return (
          <form className="edit-form" onSubmit={(event) => void submit(event)} noValidate>
            <p className="muted">
              <Trans>
                The other profile's stays move to {target}, its details fill what this profile lacks (a blank
                email, phone or document; its tags), and it is deleted.
              </Trans>
            </p>
            <GuestCombobox
              label={t`Profile to merge`}
              placeholder={t`Name, email, phone or document number`}
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
                  <dt>
                    <Trans>Merging</Trans>
                  </dt>
                  <dd>
                    <bdi>{words.name(source)}</bdi>
                    <div className="muted">
                      {[guestContact(source), words.stays(source.stayCount)].filter(Boolean).join(" · ")}
                    </div>
                  </dd>
                </div>
              </dl>
            ) : null}
            <DialogActions submit={t`Merge`} busy={merge.isPending} onCancel={close} />
          </form>
        );
      }}
    </Modal>
  );
}
