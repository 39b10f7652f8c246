/** What the suite's loopback mail server received (e2e/server.js), for a test to find a guest's email in. */
import { expect } from "@playwright/test";

export type Mail = { to: string[]; data: string };

export const MAILBOX_URL = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3197}/messages`;

/** Quoted-printable soft line breaks removed, so a long link reads whole. */
const unfolded = (data: string) => data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** Waits for the one message to `to` whose text contains `text`, and answers it unfolded. */
export async function mailTo(to: string, text: string): Promise<string> {
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(MAILBOX_URL)).json()) as Mail[];
        found = mails.filter((mail) => mail.to.includes(to)).map((mail) => unfolded(mail.data));
        return found.filter((data) => data.includes(text)).length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return found.find((data) => data.includes(text)) ?? "";
}
