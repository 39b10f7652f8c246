import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { ASSIGNABLE_ROLES, type AssignableRole, type Role } from "../../../domain/permissions.js";
import { useInvite } from "../../api/team.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { ROLE_WORDS } from "../../i18n/labels.js";

/** Invite by email; no email is sent, so the screen says whom to tell. */
export function InviteForm() {
  const invite = useInvite();
  const { t } = useLingui();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("front_desk");
  /** The invitation just saved, said under the form in the language shown. */
  const [saved, setSaved] = useState<{ email: string; role: Role } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (created) => {
          setEmail("");
          setSaved({ email: created.email, role: created.role });
        },
      },
    );
  };

  const invitee = saved?.email;
  const joinsAs = saved ? t(ROLE_WORDS[saved.role]) : "";
  return (
    <form className="form-grid invite-form" onSubmit={submit} aria-label={t`Invite a team member`}>
      <InputField
        label={t`Email`}
        type="email"
        required
        autoComplete="off"
        value={email}
        onValue={setEmail}
      />
      <SelectField
        label={t`Role`}
        value={role}
        onChange={(event) => setRole(event.target.value as AssignableRole)}
      >
        {ASSIGNABLE_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(ROLE_WORDS[value])}
          </option>
        ))}
      </SelectField>
      <FormActions submit={t`Invite`} busy={invite.isPending} />
      <FormError message={splitFieldErrors(invite.error, { email: t`Email`, role: t`Role` }).message} />
      <FormSuccess
        message={
          saved
            ? t`Invitation saved. Tell ${invitee} to sign in to Innkeep with that address; they join as ${joinsAs}.`
            : null
        }
      />
    </form>
  );
}
