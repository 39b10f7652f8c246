/**
 * On the first screen after sign-in: an invitation that waits for another address of this user (decision
 * 038), e.g. the hotel invited their work address and they signed in with a personal one. The server names
 * only invitations that look like theirs, with the address masked; "Dismiss" hides one on this browser.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { WAITING_INVITATIONS_PATH, type WaitingInvitation } from "../../../domain/schemas/team.js";
import { apiFetch } from "../../api/client.js";
import { whenIdle } from "../../components/whenIdle.js";

const DISMISSED_KEY = "innkeep:dismissed-invitations";

const keyOf = (invitation: WaitingInvitation) => `${invitation.propertyName} ${invitation.email}`;

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch (error) {
    // Storage blocked or garbled: show the notice again rather than fail the screen.
    console.warn("Could not read dismissed invitation notices:", error);
    return [];
  }
}

export function WaitingInvitationNotice() {
  const { t } = useLingui();
  // Asked once the first screen's own requests are done: the notice must not slow the screen it sits on.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 2000), []);
  const waiting = useQuery({
    queryKey: ["invitations-waiting"],
    queryFn: () => apiFetch<WaitingInvitation[]>(WAITING_INVITATIONS_PATH),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: idle,
  });
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (waiting.data ?? []).filter((invitation) => !dismissed.includes(keyOf(invitation)));
  if (shown.length === 0) return null;
  const dismiss = (invitation: WaitingInvitation) => {
    const next = [...dismissed, keyOf(invitation)].slice(-20);
    setDismissed(next);
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch (error) {
      console.warn("Could not remember a dismissed invitation notice:", error);
    }
  };
  return (
    <section className="invitation-notices" aria-label={t`Invitations for another address`}>
      {shown.map((invitation) => {
        const { propertyName, email } = invitation;
        return (
          <div key={keyOf(invitation)} className="invitation-notice">
            <p>
              <Trans>
                An invitation to <strong>{propertyName}</strong> is waiting for another address (
                <bdi>{email}</bdi>). Sign in with that address to join.
              </Trans>
            </p>
            <button type="button" className="button small" onClick={() => dismiss(invitation)}>
              <Trans>Dismiss</Trans>
            </button>
          </div>
        );
      })}
    </section>
  );
}
