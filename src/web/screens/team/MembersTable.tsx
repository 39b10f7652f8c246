import { useState } from "react";
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_LABELS } from "../../../domain/permissions.js";
import type { Member } from "../../../domain/schemas/team.js";
import { errorMessage } from "../../api/client.js";
import { useChangeRole, useRemoveMember } from "../../api/team.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";

export function MembersTable({ members, selfId }: { members: Member[]; selfId: string }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);
  const onError = (cause: unknown) => setError(errorMessage(cause));
  const nameOf = (member: Member) => member.displayName || member.email || member.userId;

  return (
    <>
      <FormError message={error} />
      <DataTable className="data phone-cards" columns={["Member", "Role", ACTIONS]}>
        {members.map((member) => (
          <tr key={member.userId}>
            <td data-label="Member">
              <bdi className="clip">{nameOf(member)}</bdi>
              {member.displayName && member.email ? <bdi className="clip muted">{member.email}</bdi> : null}
            </td>
            <td data-label="Role">
              {member.role === "owner" ? (
                ROLE_LABELS.owner
              ) : (
                <>
                  <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
                    Role of {nameOf(member)}
                  </label>
                  <select
                    id={`role-${member.userId}`}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      setError(null);
                      const role = event.target.value as AssignableRole;
                      changeRole.mutate({ userId: member.userId, role }, { onError });
                    }}
                  >
                    {ASSIGNABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </td>
            <td className="print-hidden" data-label="Actions">
              {member.role === "owner" ? (
                <span className="muted">{member.userId === selfId ? "You" : "—"}</span>
              ) : (
                <button
                  type="button"
                  className="button small danger"
                  disabled={remove.isPending}
                  onClick={async () => {
                    const removing = await confirmDialog({
                      title: `Remove ${nameOf(member)} from the team?`,
                      body: "They lose access to this hotel at once, and their API tokens are revoked.",
                      confirmLabel: "Remove member",
                      cancelLabel: "Keep member",
                      danger: true,
                    });
                    if (!removing) return;
                    setError(null);
                    remove.mutate(member.userId, { onError });
                  }}
                >
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
