/**
 * Non-blocking notices: what happened after a click ("Room 204 added", "Could not check in Asha Rao: …"),
 * shown in a corner region without stopping the clerk's work, unlike `alert()`, which the product keeps only
 * where it names one (src/web/components/FormSuccess.tsx). Success notices leave by themselves; errors stay
 * until dismissed. Any module may call `notify`; `<NoticeHost/>` (mounted once by HmsLayout) shows them.
 */
import { useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";

export type NoticeTone = "success" | "error";
type Notice = { id: number; message: string; tone: NoticeTone };

/** How long a success notice stays; long enough to read a sentence twice. */
const SUCCESS_MS = 6000;
/** Older notices leave first when more pile up, so the region never covers the screen. */
const MAX_NOTICES = 4;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Notice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number): void {
  publish(notices.filter((notice) => notice.id !== id));
}

export function notify(message: string, tone: NoticeTone = "success"): void {
  const id = nextId++;
  publish([...notices, { id, message, tone }].slice(-MAX_NOTICES));
  if (tone === "success") setTimeout(() => dismissNotice(id), SUCCESS_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function NoticeHost() {
  const { t } = useLingui();
  const shown = useSyncExternalStore(subscribe, () => notices);
  if (shown.length === 0) return null;
  // Each notice is its own live region, added with its text (an alert is announced when it appears); no
  // empty region stays in the page to be mistaken for a message.
  return (
    <div className="notices">
      {shown.map((notice) => (
        <p
          key={notice.id}
          className={`notice ${notice.tone}`}
          role={notice.tone === "error" ? "alert" : "status"}
        >
          <span>{notice.message}</span>
          <button
            type="button"
            className="notice-dismiss"
            aria-label={t`Dismiss`}
            onClick={() => dismissNotice(notice.id)}
          >
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
