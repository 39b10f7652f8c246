/**
 * A text field that suggests guest profiles as the clerk types (docs/product.md#guests): the WAI-ARIA 1.2
 * combobox with a listbox popup. The text stays the clerk's own (a new guest's name is fine); a suggestion
 * is picked with the mouse, or with the arrow keys and Enter; Escape closes the list (and only the list, in
 * a dialog), as does leaving the field. Suggestions are asked for once the typing pauses, from
 * MIN_SUGGEST_CHARS characters on.
 */
import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { GuestListItem } from "../../domain/schemas/guests.js";
import { MIN_SUGGEST_CHARS, useGuestSuggestions } from "../api/guests.js";
import { useGuestWords } from "../i18n/guestWords.js";
import { type ControlProps, Field } from "./Field.js";
import { useSettled } from "./useSettled.js";
import "./combobox.css";

/** Typing pause before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 250;

/** How to reach a guest, shown under an option's name: two people of one name can be told apart. */
export function guestContact(guest: Pick<GuestListItem, "email" | "phone">): string {
  return [guest.email, guest.phone].filter(Boolean).join(" · ");
}

export function GuestCombobox({
  label,
  value,
  onValue,
  onPick,
  suggest = true,
  exclude,
  hint,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (text: string) => void;
  onPick: (guest: GuestListItem) => void;
  /** Off while the text is a picked profile's own name: nothing to suggest. */
  suggest?: boolean;
  /** A profile never to offer (the one being merged into). */
  exclude?: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  placeholder?: string;
}) {
  const { t } = useLingui();
  const guestWords = useGuestWords();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const query = useSettled(suggest ? value.trim() : "", SUGGEST_DEBOUNCE_MS);
  const suggestions = useGuestSuggestions(query);
  const options =
    suggest && value.trim().length >= MIN_SUGGEST_CHARS
      ? (suggestions.data ?? []).filter((guest) => guest.id !== exclude)
      : [];
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 && active < options.length ? active : -1;

  useEffect(() => {
    if (activeOption < 0) return;
    listRef.current?.querySelector(`[data-index="${activeOption}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeOption]);

  const pick = (guest: GuestListItem) => {
    setOpen(false);
    setActive(-1);
    onPick(guest);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else {
          setActive((activeOption + 1) % options.length);
        }
        break;
      case "ArrowUp":
        if (!expanded) return;
        event.preventDefault();
        setActive(activeOption <= 0 ? options.length - 1 : activeOption - 1);
        break;
      case "Enter": {
        // Without a highlighted suggestion Enter submits the form, as in any text field.
        const guest = options[activeOption];
        if (!guest) return;
        event.preventDefault();
        pick(guest);
        break;
      }
      case "Escape":
        if (!expanded) return;
        // Closes the list, not the dialog the form may be in.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        break;
    }
  };

  const box = ({ id, ...tie }: ControlProps) => {
    const listId = `${id}-list`;
    const optionId = (index: number) => `${id}-option-${index}`;
    return (
      <div className="combobox-box">
        <input
          id={id}
          {...tie}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          {...(activeOption >= 0 ? { "aria-activedescendant": optionId(activeOption) } : {})}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            onValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        {/* Focus stays in the field (aria-activedescendant names the option): no option is focusable. */}
        <div ref={listRef} id={listId} role="listbox" aria-label={t`Matching guests`} hidden={!expanded}>
          {expanded
            ? options.map((guest, index) => {
                const contact = guestContact(guest);
                // As guestDisplayName and staysLabel (src/domain/labels.ts) say it, in the language shown.
                const name = guestWords.name(guest);
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: the field keeps the focus
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the field's own keys pick (arrows, Enter)
                  <div
                    key={guest.id}
                    id={optionId(index)}
                    data-index={index}
                    role="option"
                    aria-selected={index === activeOption}
                    // The field keeps focus (and the list stays open) while the pointer presses an option.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(index)}
                    onClick={() => pick(guest)}
                  >
                    <bdi className="combobox-name">{name}</bdi>
                    <span className="combobox-detail">
                      {contact ? <bdi>{contact}</bdi> : null}
                      {contact ? " · " : null}
                      {guestWords.stays(guest.stayCount)}
                    </span>
                  </div>
                );
              })
            : null}
        </div>
      </div>
    );
  };
  return <Field label={label} hint={hint} error={error} control={box} />;
}
