/** @jsxImportSource preact */
/**
 * The booking page's building blocks: the page around each step with its choice of language, labelled
 * fields, the alert, and a heading that takes focus when its step opens, so a screen reader says where the
 * guest now is and the keyboard goes on from there instead of from the top of the page.
 */
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useId, useLayoutEffect, useRef } from "preact/hooks";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "../../domain/languages.js";
import { useSpeech } from "./language.js";

/** The page: its title (the hotel's name while booking), the language, then the step. Sets the tab's title. */
export function Page({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main class="book">
      <div class="book-top">
        <h1 class="book-title">{title}</h1>
        <LanguageChoice />
      </div>
      {children}
    </main>
  );
}

/**
 * "Language", in the page's language, over each language in its own name (marked as in that language, so a
 * screen reader reads "हिन्दी" as Hindi), on every page: the guest may switch at any step and keep their place.
 */
function LanguageChoice() {
  const { language, words, choose } = useSpeech();
  const id = useId();
  return (
    <div class="book-language">
      <label htmlFor={id}>{words.language}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isLanguage(chosen)) choose(chosen);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A step's heading, which takes focus when the step opens. */
export function StepHeading({ id, children }: { id: string; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Before the step is painted, so a key pressed at once already goes on from the heading.
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h2 ref={heading} id={id} tabIndex={-1} class="book-heading">
      {children}
    </h2>
  );
}

/** An alert read out as it appears; absent when there is nothing to say, so no empty live region waits. */
export function Alert({ message, tone = "error" }: { message: string | null; tone?: "error" | "info" }) {
  if (!message) return null;
  return (
    <p role="alert" class={`book-alert book-alert-${tone}`}>
      {message}
    </p>
  );
}

type FieldProps = {
  label: string;
  error?: string | undefined;
  /** The control, given the attributes that tie it to the label and the error. */
  control: (tie: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => JSX.Element;
};

/** A visible label tied to its control by id, and the control's problem under it, tied by aria-describedby. */
export function Field({ label, error, control }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div class="book-field">
      <label htmlFor={id}>{label}</label>
      {control({ id, ...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {}) })}
      {error ? (
        <p id={errorId} class="book-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The input attributes the page uses (Preact's own types split an input's attributes by `type`). */
type InputProps = {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  type?: "text" | "email" | "tel" | "date" | "number";
  inputMode?: "numeric";
  autocomplete?: string;
  required?: boolean;
  min?: string | number;
  max?: string | number;
};

export function InputField({ label, value, onValue, error, type = "text", ...input }: InputProps) {
  return (
    <Field
      label={label}
      error={error}
      control={(tie) => (
        <input {...input} {...tie} value={value} onInput={(event) => onValue(event.currentTarget.value)} />
      )}
    />
  );
}

type SelectProps = {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  autocomplete?: string;
  required?: boolean;
};

export function SelectField({ label, value, onValue, error, options, ...select }: SelectProps) {
  return (
    <Field
      label={label}
      error={error}
      control={(tie) => (
        <select {...select} {...tie} value={value} onChange={(event) => onValue(event.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A page that only says something: the engine switched off, an unknown link, the first load. */
export function Message({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ComponentChildren;
}) {
  return (
    <Page title={title}>
      <section class="book-card">
        {text ? <p>{text}</p> : null}
        {children}
      </section>
    </Page>
  );
}
