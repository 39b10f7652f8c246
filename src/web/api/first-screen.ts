/**
 * The first screen's data, in the query cache before the app's first render (decision 031).
 *
 * The server's page names the first requests the app will make (`<link rel="preload" as="fetch">`, see the
 * server's app-shell.ts), and the browser fetches them while the JavaScript loads. Left to the screens, each
 * answer was only read once the component asking for it had rendered and committed, so the app rendered one
 * pass per answer (the session, then the property, then Front Desk with "Loading..." where the grid goes, then
 * the grid), each with its own layout and paint. Reading them here, into the queries the screens use, lets the
 * first render draw the whole screen at once.
 */
import type { QueryClient } from "@tanstack/react-query";
import { API_PATHS } from "../../domain/api-paths.js";
import { ownPropertyQuery } from "./property.js";
import { availabilityQuery } from "./resources.js";
import { sessionQuery } from "./session.js";

/**
 * The longest the first render waits for the hinted answers. They have usually arrived before the app's code
 * runs; a slow one still lands in its query (the screen shows "Loading..." until it does) instead of holding
 * the whole page back.
 */
const FIRST_SCREEN_WAIT_MS = 1_000;

type Prefetch = (queryClient: QueryClient) => Promise<void>;

const AVAILABILITY_PATH = /^\/api\/properties\/([^/?]+)\/availability$/;

/** How the app reads the answer of a hinted URL into its query, or null for a URL it does not know. */
export function prefetchForHint(href: string): Prefetch | null {
  if (href === API_PATHS.session) return (client) => client.prefetchQuery(sessionQuery);
  if (href === API_PATHS.ownProperty) return (client) => client.prefetchQuery(ownPropertyQuery);
  const url = new URL(href, "http://innkeep.invalid");
  const pid = AVAILABILITY_PATH.exec(url.pathname)?.[1];
  const start = url.searchParams.get("start");
  const days = Number(url.searchParams.get("days"));
  // Only the exact request the Front Desk makes: its query would not use the answer of any other.
  if (pid === undefined || start === null || API_PATHS.availability(pid, start, days) !== href) return null;
  return (client) => client.prefetchQuery(availabilityQuery(pid, start, days));
}

/** The URLs the page's preload hints fetched for the app. */
export function hintedUrls(doc: Document): string[] {
  return [...doc.querySelectorAll('link[rel="preload"][as="fetch"]')].flatMap((link) => {
    const href = link.getAttribute("href");
    return href ? [href] : [];
  });
}

/**
 * Reads every hinted answer into its query (a failed one is left for the screen's own query to try again
 * and report) and resolves when all are in, or after `waitMs`.
 */
export async function seedFromHints(
  queryClient: QueryClient,
  hrefs: readonly string[],
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  const reads = hrefs.flatMap((href) => prefetchForHint(href)?.(queryClient) ?? []);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(reads),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
