import { type FormEvent, useState } from "react";
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_LABELS } from "../../../domain/permissions.js";
import { useInvite } from "../../api/team.js";
import { InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";

/** Invite by email; no email is sent, so the screen says whom to tell. */
export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("front_desk");
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: (created) => {
          setEmail("");
          setSaved(
            `Invitation saved. Tell ${created.email} to sign in to Innkeep with that address; they join as ${ROLE_LABELS[created.role]}.`,
          );
        },
      },
    );
  };

  return (
    <form className="form-grid invite-form" onSubmit={submit} aria-label="Invite a team member">
      <InputField label="Email" type="email" required autoComplete="off" value={email} onValue={setEmail} />
      <SelectField
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as AssignableRole)}
      >
        {ASSIGNABLE_ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <FormActions submit="Invite" busy={invite.isPending} />
      <FormError message={splitFieldErrors(invite.error, { email: "Email", role: "Role" }).message} />
      <FormSuccess message={saved} />
    </form>
  );
}
