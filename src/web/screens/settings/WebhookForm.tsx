/** Adds a webhook and shows its signing secret once (docs/product.md#webhooks). */
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
  const problems = splitFieldErrors(create.error, { url: "URL", events: "Events" });

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
      setInvalid("Choose the events to send: All events or at least one family.");
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
      <form ref={form} className="entry-form webhook-form" onSubmit={submit} aria-label="Add a webhook">
        <InputField
          label="URL"
          type="url"
          required
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={url}
          onValue={setUrl}
          hint="Receives a POST for each event. Private and local addresses are refused."
          error={problems.fields.url}
        />
        <fieldset className="choice-group" aria-describedby={hintId}>
          <legend>Events</legend>
          <label className="check">
            <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
            All events <code className="muted">{ALL_EVENTS}</code>
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
            A family is every event of that kind, e.g. reservation.* is reservation.created,
            reservation.checked_in and the others.
          </span>
        </fieldset>
        <FormActions submit="Add webhook" busy={create.isPending} />
        <FormError message={invalid ?? problems.message} />
      </form>
      {created ? (
        <SecretPanel
          heading="Webhook added"
          label="Signing secret"
          secret={created.secret}
          warning="Copy this signing secret now; it will not be shown again."
          onDone={done}
        >
          <p className="muted">
            Every delivery carries <code>Innkeep-Signature: t=&lt;unix&gt;,v1=&lt;hex&gt;</code>: v1 is the
            HMAC-SHA256 of <code>t.body</code> (the timestamp, a dot and the raw body) keyed with this secret.
            Compute it the same way, compare, and refuse a timestamp more than{" "}
            {WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from your clock (every retry is signed afresh).
          </p>
        </SecretPanel>
      ) : null}
    </>
  );
}
