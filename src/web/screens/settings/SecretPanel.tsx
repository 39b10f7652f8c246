/**
 * A secret the server answers once (a new API token, a webhook's signing secret): shown in a marked panel
 * with Copy and Done until the user dismisses it. Only its hash is kept on the server, so this is the one
 * chance to copy it. Focus moves to the panel when it opens, so keyboard and screen-reader users land on it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";

export function SecretPanel({
  heading,
  label,
  secret,
  warning,
  children,
  onDone,
}: {
  heading: string;
  /** The secret field's label, e.g. "Token". */
  label: string;
  secret: string;
  /** What the user must do now, e.g. "Copy this token now; it will not be shown again." */
  warning: string;
  /** How to use the secret. */
  children?: ReactNode;
  onDone: () => void;
}) {
  const headingId = useId();
  const fieldId = useId();
  const panel = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  const { t } = useLingui();
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const copy = async () => {
    setCopied(null);
    setCopyError(null);
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t`Copied.`);
    } catch {
      // No clipboard access (permission refused, an insecure origin): the field is selectable instead.
      setCopyError(t`Copying failed: select the text in the field and copy it yourself.`);
    }
  };

  return (
    <section ref={panel} className="secret-panel" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId}>{heading}</h3>
      <p className="secret-warning">
        <strong>{warning}</strong>
      </p>
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <div className="secret-row">
          <input
            id={fieldId}
            className="secret-value"
            readOnly
            value={secret}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button primary" onClick={copy}>
            <Trans>Copy</Trans>
          </button>
          <button type="button" className="button" onClick={onDone}>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
      {children}
      <FormError message={copyError} />
      <FormSuccess message={copied} />
    </section>
  );
}

/**
 * What a form created, whose secret its SecretPanel shows: `done` dismisses the panel and puts focus back in
 * the form's first field, where the next one would start (the panel that had focus is gone).
 */
export function useCreatedSecret<Created>() {
  const [created, setCreated] = useState<Created | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const done = () => {
    setCreated(null);
    form.current?.querySelector("input")?.focus();
  };
  return { created, setCreated, form, done };
}
