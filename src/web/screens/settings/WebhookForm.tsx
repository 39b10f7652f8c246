/** Adds a webhook and shows its signing secret once (docs/product.md#webhooks). */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type CreatedWebhook,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
} from "../../../domain/schemas/webhooks.js";
import { useCreateWebhook } from "../../api/integrations.js";
import { InputField } from "../../components/Field.js";
import { FormActions } from "../../components/FormActions.js";
import { FormError } from "../../components/FormError.js";
import { splitFieldErrors } from "../../components/fieldErrors.js";
import { ALL_EVENTS, chosenPatterns, EVENT_FAMILIES } from "./eventChoices.js";
import { SecretPanel, useCreatedSecret } from "./SecretPanel.js";

export function WebhookForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [all, setAll] = useState(true);
  const [families, setFamilies] = useState<ReadonlySet<string>>(new Set());
  const [invalid, setInvalid] = useState<string | null>(null);
  const { created, setCreated, form, done } = useCreatedSecret<CreatedWebhook>();
  const hintId = useId();
  const { t } = useLingui();
  const labels = { url: t`URL`, events: t`Events` };
  const problems = splitFieldErrors(create.error, labels);

  const toggle = (family: string, on: boolean) =>
    setFamilies((current) => {
      const next = new Set(current);
      if (on) next.add(family);
      else next.delete(family);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const events = chosenPatterns(all, families);
    if (events.length === 0) {
      create.reset();
      setInvalid(t`Choose the events to send: All events or at least one family.`);
      return;
    }
    setInvalid(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (webhook) => {
          setUrl("");
          setCreated(webhook);
        },
      },
    );
  };

  return (
    <>
      <form ref={form} className="entry-form webhook-form" onSubmit={submit} aria-label={t`Add a webhook`}>
        <InputField
          label={labels.url}
          type="url"
          required
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={url}
          onValue={setUrl}
          hint={t`Receives a POST for each event. Private and local addresses are refused.`}
          error={problems.fields.url}
        />
        <fieldset className="choice-group" aria-describedby={hintId}>
          <legend>{labels.events}</legend>
          <label className="check">
            <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
            <Trans>
              All events <code className="muted">{ALL_EVENTS}</code>
            </Trans>
          </label>
          {EVENT_FAMILIES.map((family) => (
            <label key={family} className="check">
              {/* Under "All events" each family is included: shown ticked, and left alone until it is cleared. */}
              <input
                type="checkbox"
                checked={all || families.has(family)}
                disabled={all}
                onChange={(event) => toggle(family, event.target.checked)}
              />
              <code>{family}</code>
            </label>
          ))}
          <span id={hintId} className="muted choice-hint">
            <Trans>
              A family is every event of that kind, e.g. reservation.* is reservation.created,
              reservation.checked_in and the others.
            </Trans>
          </span>
        </fieldset>
        <FormActions submit={t`Add webhook`} busy={create.isPending} />
        <FormError message={invalid ?? problems.message} />
      </form>
      {created ? <CreatedSecret secret={created.secret} onDone={done} /> : null}
    </>
  );
}

/** The webhook's signing secret, shown once, and how a receiver checks a delivery with it. */
function CreatedSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useLingui();
  const header = "Innkeep-Signature: t=<unix>,v1=<hex>";
  const signed = "t.body";
  const minutes = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60;
  return (
    <SecretPanel
      heading={t`Webhook added`}
      label={t`Signing secret`}
      secret={secret}
      warning={t`Copy this signing secret now; it will not be shown again.`}
      onDone={onDone}
    >
      <p className="muted">
        <Trans>
          Every delivery carries <code>{header}</code>: v1 is the HMAC-SHA256 of <code>{signed}</code> (the
          timestamp, a dot and the raw body) keyed with this secret. Compute it the same way, compare, and
          refuse a timestamp more than <Plural value={minutes} one="# minute" other="# minutes" /> from your
          clock (every retry is signed afresh).
        </Trans>
      </p>
    </SecretPanel>
  );
}
