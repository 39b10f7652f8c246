/** Creates an API token and shows its secret once (docs/product.md#api-tokens). */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { endOfDayIn } from "../../../domain/dates.js";
import { ASSIGNABLE_ROLES, type AssignableRole } from "../../../domain/permissions.js";
import type { CreatedApiToken } from "../../../domain/schemas/api-tokens.js";
import { useCreateApiToken } from "../../api/integrations.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { DateField, InputField, SelectField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { ROLE_WORDS } from "../../i18n/labels.js";
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
  const { t } = useLingui();
  const labels = { name: t`Name`, role: t`Role`, expiresAt: t`Expires` };
  const problems = splitFieldErrors(create.error, labels);

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
      <form
        ref={form}
        className="entry-form token-form"
        onSubmit={submit}
        aria-label={t`Create an API token`}
      >
        <div className="form-grid">
          <InputField
            label={labels.name}
            required
            maxLength={100}
            autoComplete="off"
            value={name}
            onValue={setName}
            hint={t`What will use it, e.g. Channel manager.`}
            error={problems.fields.name}
          />
          <SelectField
            label={labels.role}
            value={role}
            onChange={(event) => setRole(event.target.value as AssignableRole)}
            hint={t`It may do what a member with this role may.`}
            error={problems.fields.role}
          >
            {ASSIGNABLE_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(ROLE_WORDS[value])}
              </option>
            ))}
          </SelectField>
          <DateField
            label={labels.expiresAt}
            min={today}
            value={expires}
            onValue={setExpires}
            hint={t`Optional. Works to the end of that day, hotel time.`}
            error={problems.fields.expiresAt}
          />
          <FormActions submit={t`Create token`} busy={create.isPending} />
        </div>
        <FormError message={problems.message} />
      </form>
      {created ? <CreatedToken token={created} onDone={done} /> : null}
    </>
  );
}

/** The token just created, shown once, and how another system sends it. */
function CreatedToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useLingui();
  const { name } = token;
  const role = t(ROLE_WORDS[token.role]);
  const header = "Authorization: Bearer <token>";
  return (
    <SecretPanel
      heading={t`Token "${name}" created`}
      label={t`Token`}
      secret={token.token}
      warning={t`Copy this token now; it will not be shown again.`}
      onDone={onDone}
    >
      <p className="muted">
        <Trans>
          Send it as <code>{header}</code>. It acts as {role}.
        </Trans>
      </p>
    </SecretPanel>
  );
}
