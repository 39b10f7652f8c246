import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ASSIGNABLE_ROLES, type AssignableRole } from "../../../domain/permissions.js";
import type { Member } from "../../../domain/schemas/team.js";
import { errorMessage } from "../../api/client.js";
import { useChangeRole, useRemoveMember } from "../../api/team.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { ROLE_WORDS } from "../../i18n/labels.js";

export function MembersTable({ members, selfId }: { members: Member[]; selfId: string }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const onError = (cause: unknown) => setError(errorMessage(cause));
  const nameOf = (member: Member) => member.displayName || member.email || member.userId;

  return (
    <>
      <FormError message={error} />
      <DataTable className="data phone-cards" columns={[t`Member`, t`Role`, ACTIONS]}>
        {members.map((member) => {
          const name = nameOf(member);
          return (
            <tr key={member.userId}>
              <td data-label={t`Member`}>
                <bdi className="clip">{nameOf(member)}</bdi>
                {member.displayName && member.email ? <bdi className="clip muted">{member.email}</bdi> : null}
              </td>
              <td data-label={t`Role`}>
                {member.role === "owner" ? (
                  t(ROLE_WORDS.owner)
                ) : (
                  <>
                    <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
                      <Trans>Role of {name}</Trans>
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
                          {t(ROLE_WORDS[role])}
                        </option>
                      ))}
                    </select>
                  </>
                )}
              </td>
              <td className="print-hidden" data-label={t`Actions`}>
                {member.role === "owner" ? (
                  <span className="muted">{member.userId === selfId ? t`You` : "—"}</span>
                ) : (
                  <button
                    type="button"
                    className="button small danger"
                    disabled={remove.isPending}
                    onClick={async () => {
                      const removing = await confirmDialog({
                        title: t`Remove ${name} from the team?`,
                        body: t`They lose access to this hotel at once, and their API tokens are revoked.`,
                        confirmLabel: t`Remove member`,
                        cancelLabel: t`Keep member`,
                        danger: true,
                      });
                      if (!removing) return;
                      setError(null);
                      remove.mutate(member.userId, { onError });
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}
