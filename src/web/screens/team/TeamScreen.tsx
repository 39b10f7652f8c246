/**
 * Team (docs/product.md#roles-and-permissions): members and their roles, pending invitations, and the invite
 * form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../api/client.js";
import { useProperty } from "../../api/property.js";
import { useSession } from "../../api/session.js";
import { useInvitations, useMembers, useRevokeInvitation } from "../../api/team.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { ROLE_WORDS } from "../../i18n/labels.js";
import { activityTime } from "../activity/activityText.js";
import { InviteForm } from "./InviteForm.js";
import { MembersTable } from "./MembersTable.js";

export default function TeamScreen() {
  const members = useMembers();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const selfId = useSession().data?.user?.id ?? "";
  // When an invitation was sent, on the hotel's clock like the activity log.
  const { timeZone } = useProperty();
  const [error, setError] = useState<string | null>(null);
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Team`} />
      <section className="panel stack" aria-label={t`Invite`}>
        <h2>
          <Trans>Invite</Trans>
        </h2>
        <InviteForm />
      </section>
      <section className="panel table-wrap" aria-label={t`Members`}>
        <h2>
          <Trans>Members</Trans>
        </h2>
        <QueryList query={members} empty={t`No members yet.`}>
          {(items) => <MembersTable members={items} selfId={selfId} />}
        </QueryList>
      </section>
      <section className="panel table-wrap" aria-label={t`Pending invitations`}>
        <h2>
          <Trans>Pending invitations</Trans>
        </h2>
        <FormError message={error} />
        <QueryList query={invitations} empty={t`No pending invitations.`}>
          {(items) => (
            <DataTable className="data phone-cards" columns={[t`Email`, t`Role`, t`Invited`, ACTIONS]}>
              {items.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label={t`Email`}>
                    <bdi className="clip">{invitation.email}</bdi>
                  </td>
                  <td data-label={t`Role`}>{t(ROLE_WORDS[invitation.role])}</td>
                  <td data-label={t`Invited`} className="nowrap">
                    {activityTime(invitation.invitedAt, timeZone)}
                  </td>
                  <td className="print-hidden" data-label={t`Actions`}>
                    <button
                      type="button"
                      className="button small danger"
                      disabled={revoke.isPending}
                      onClick={async () => {
                        const invitee = invitation.email;
                        const revoking = await confirmDialog({
                          title: t`Revoke the invitation of ${invitee}?`,
                          body: t`They will not join when they sign in. You can invite them again later.`,
                          confirmLabel: t`Revoke invitation`,
                          cancelLabel: t`Keep invitation`,
                          danger: true,
                        });
                        if (!revoking) return;
                        setError(null);
                        revoke.mutate(invitation.id, { onError: (cause) => setError(errorMessage(cause)) });
                      }}
                    >
                      <Trans>Revoke</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryList>
      </section>
    </>
  );
}
