/**
 * Team (docs/product.md#roles-and-permissions): members and their roles, pending invitations, and the invite
 * form.
 */
import { useState } from "react";
import { formatActivityTime } from "../../../domain/activity-text.js";
import { ROLE_LABELS } from "../../../domain/permissions.js";
import { errorMessage } from "../../api/client.js";
import { useProperty } from "../../api/property.js";
import { useSession } from "../../api/session.js";
import { useInvitations, useMembers, useRevokeInvitation } from "../../api/team.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
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

  return (
    <>
      <PageHeader title="Team" />
      <section className="panel stack" aria-label="Invite">
        <h2>Invite</h2>
        <InviteForm />
      </section>
      <section className="panel table-wrap" aria-label="Members">
        <h2>Members</h2>
        <QueryList query={members} empty="No members yet.">
          {(items) => <MembersTable members={items} selfId={selfId} />}
        </QueryList>
      </section>
      <section className="panel table-wrap" aria-label="Pending invitations">
        <h2>Pending invitations</h2>
        <FormError message={error} />
        <QueryList query={invitations} empty="No pending invitations.">
          {(items) => (
            <DataTable className="data phone-cards" columns={["Email", "Role", "Invited", ACTIONS]}>
              {items.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="Email">
                    <bdi className="clip">{invitation.email}</bdi>
                  </td>
                  <td data-label="Role">{ROLE_LABELS[invitation.role]}</td>
                  <td data-label="Invited" className="nowrap">
                    {formatActivityTime(invitation.invitedAt, timeZone)}
                  </td>
                  <td className="print-hidden" data-label="Actions">
                    <button
                      type="button"
                      className="button small danger"
                      disabled={revoke.isPending}
                      onClick={async () => {
                        const revoking = await confirmDialog({
                          title: `Revoke the invitation of ${invitation.email}?`,
                          body: "They will not join when they sign in. You can invite them again later.",
                          confirmLabel: "Revoke invitation",
                          cancelLabel: "Keep invitation",
                          danger: true,
                        });
                        if (!revoking) return;
                        setError(null);
                        revoke.mutate(invitation.id, { onError: (cause) => setError(errorMessage(cause)) });
                      }}
                    >
                      Revoke
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
