/** Creates an API token and shows its secret once (docs/product.md#api-tokens). */
import { type FormEvent, useState } from "react";
import { endOfDayIn } from "../../../domain/dates.js";
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_LABELS } from "../../../domain/permissions.js";
import type { CreatedApiToken } from "../../../domain/schemas/api-tokens.js";
import { useCreateApiToken } from "../../api/integrations.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { SecretPanel, useCreatedSecret } from "./SecretPanel.js";

export function ApiTokenForm() {
  const create = useCreateApiToken();
  const { timeZone } = useProperty();
  const today = usePropertyToday();
  const [name, setName] = useState("");
  // The least a system that books stays needs; a manager's token can also change rates and inventory.
  const [role, setRole] = useState<AssignableRole>("front_desk");
  const [expires, setExpires] = useState("");
  const { created, setCreated, form, done } = useCreatedSecret<CreatedApiToken>();
  const problems = splitFieldErrors(create.error, { name: "Name", role: "Role", expiresAt: "Expires" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate(
      { name, role, expiresAt: expires ? endOfDayIn(expires, timeZone) : null },
      {
        onSuccess: (token) => {
          setName("");
          setExpires("");
          setCreated(token);
        },
      },
    );
  };

  return (
    <>
      <form ref={form} className="entry-form token-form" onSubmit={submit} aria-label="Create an API token">
        <div className="form-grid">
          <InputField
            label="Name"
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onValue={setName}
            hint="What will use it, e.g. Channel manager."
            error={problems.fields.name}
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(event) => setRole(event.target.value as AssignableRole)}
            hint="It may do what a member with this role may."
            error={problems.fields.role}
          >
            {ASSIGNABLE_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <DateField
            label="Expires"
            min={today}
            value={expires}
            onValue={setExpires}
            hint="Optional. Works to the end of that day, hotel time."
            error={problems.fields.expiresAt}
          />
          <FormActions submit="Create token" busy={create.isPending} />
        </div>
        <FormError message={problems.message} />
      </form>
      {created ? (
        <SecretPanel
          heading={`Token "${created.name}" created`}
          label="Token"
          secret={created.token}
          warning="Copy this token now; it will not be shown again."
          onDone={done}
        >
          <p className="muted">
            Send it as <code>Authorization: Bearer &lt;token&gt;</code>. It acts as{" "}
            {ROLE_LABELS[created.role]}.
          </p>
        </SecretPanel>
      ) : null}
    </>
  );
}
