/**
 * Every screen in every language (docs/decisions/047-languages.md, docs/languages.md): the pseudo-language
 * shows each translated message accented, so any plain English word left on a screen is a string that
 * escaped translation; Spanish and Hindi walk the same screens, each heading in its language, Devanagari in
 * its font, and axe finds nothing serious in either. The screenshots (1440, 1024 and 390 px) are kept with
 * the test's output for people to look at.
 */
import type { Page, TestInfo } from "@playwright/test";
import { seriousViolations } from "./axe.js";
import { bookStay, type Hotel, pay, seedHotel, setStatus } from "./desk-seed.js";
import { expect, type Person, test } from "./fixtures.js";

/** Each screen of the app and something on it that shows its data is in. */
const SCREENS = [
  "/hms/frontdesk",
  "/hms/reservations",
  "/hms/lists",
  "/hms/guests",
  "/hms/invoices",
  "/hms/housekeeping",
  "/hms/tasks",
  "/hms/inventory",
  "/hms/rates",
  "/hms/reports",
  "/hms/settings",
  "/hms/team",
  "/hms/activity",
] as const;

/**
 * Words that are data or `Intl`'s, not the app's messages: the test's own records, what the server names a new
 * hotel and its first rate plan, the pseudo-language's `Intl` names (it writes as English does), months, days.
 */
const NOT_MESSAGES = new Set(
  [
    "Innkeep",
    "INR",
    "Deluxe",
    "English",
    "Default",
    "Property",
    "Standard",
    "Indian",
    "Rupee",
    "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec Sun Mon Tue Wed Thu Fri Sat am pm AM PM".split(" "),
    "January February March April June July August September October November December".split(" "),
    "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" "),
  ].flat(),
);

/** A hotel with something on every screen: rooms, stays in and out today, a payment, an invoice. */
async function hotelWithADay(page: Page): Promise<Hotel> {
  const hotel = await seedHotel(page, ["101", "102", "103"]);
  const arriving = await bookStay(page, hotel, {
    guestName: "Ωμέγα",
    room: "101",
    from: hotel.today,
    nights: 2,
  });
  const staying = await bookStay(page, hotel, {
    guestName: "Ζήτα",
    room: "102",
    from: hotel.today,
    nights: 1,
  });
  await setStatus(page, hotel, staying, "checked_in");
  await pay(page, hotel, staying, 500);
  const invoiced = await page.request.post(
    `/api/properties/${hotel.pid}/reservations/${staying.id}/invoices`,
    {
      data: {},
    },
  );
  expect(invoiced.status()).toBe(201);
  expect(arriving.code).toBeTruthy();
  return hotel;
}

/** Plain-English words on screen (text, labels, placeholders), each with where it is. */
async function englishWords(page: Page, person: Person): Promise<string[]> {
  const found = await page.evaluate(() => {
    const words: string[] = [];
    // Codes people type or read as codes: a time zone (Asia/Kolkata), an event family (room_type.*), a URL.
    const codes = /\b[A-Z][a-z]+\/[A-Za-z_]+\b|\b[a-z_]+\.\*|https?:\/\/\S*/g;
    const wordsOf = (text: string) => text.replace(codes, " ").match(/\p{L}+/gu) ?? [];
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      // Intl's long lists (currencies, time zones, countries) are the browser's words, not the app's.
      !(element.closest("select") && (element.closest("select") as HTMLSelectElement).options.length > 30);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || parent.closest("script, style, noscript")) continue;
      for (const word of wordsOf(node.textContent ?? ""))
        words.push(`${word} (in "${node.textContent?.trim().slice(0, 60)}")`);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      if (!visible(element)) continue;
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name) ?? "";
        for (const word of wordsOf(value)) words.push(`${word} (${name} "${value.slice(0, 60)}")`);
      }
    }
    return words;
  });
  const data = new Set([...NOT_MESSAGES, ...`${person.displayName} ${person.email}`.split(/[^A-Za-z]+/)]);
  return found.filter((entry) => {
    const word = entry.slice(0, entry.indexOf(" "));
    // Two or more plain Latin letters: the pseudo-language accents every letter but v and x.
    return /^[A-Za-z]{2,}$/.test(word) && !data.has(word) && !/^[A-Z0-9]{2,}$/.test(word);
  });
}

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Waits until a screen's words and data are in: its heading shows and nothing says it is loading. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("main h1, main h2").first()).toBeVisible();
  await expect(page.locator("main [aria-busy='true']")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

test("languages: the pseudo-language leaves no English word on any screen", async ({
  signedIn: page,
  person,
}, info) => {
  test.setTimeout(180_000);
  await hotelWithADay(page);
  await page.goto("/hms/frontdesk?language=pseudo");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  const escaped: string[] = [];
  for (const path of SCREENS) {
    await settled(page, path);
    await shoot(page, info, `pseudo${path.replaceAll("/", "-")}`);
    for (const word of await englishWords(page, person)) escaped.push(`${path}: ${word}`);
  }
  // The dialogs the desk works in: a free night's booking form, a stay's details, a guest's profile.
  const opened: [string, (page: Page) => Promise<void>][] = [
    ["booking form", (page) => page.locator("tr.fd-lane").last().locator("td.fd-cell.free").nth(2).click()],
    ["stay dialog", (page) => page.locator(".fd-bar", { hasText: "Ωμέγα" }).click()],
  ];
  for (const [name, open] of opened) {
    await settled(page, "/hms/frontdesk");
    await open(page);
    await expect(page.locator("dialog[open]").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await shoot(page, info, `pseudo-${name.replace(" ", "-")}`);
    for (const word of await englishWords(page, person)) escaped.push(`${name}: ${word}`);
  }
  await settled(page, "/hms/guests");
  await page.getByRole("link", { name: "Ωμέγα" }).first().click();
  await expect(page).toHaveURL(/\/hms\/guests\/[^/]+$/);
  await page.waitForLoadState("networkidle");
  await shoot(page, info, "pseudo-guest-profile");
  for (const word of await englishWords(page, person)) escaped.push(`guest profile: ${word}`);
  expect(escaped).toEqual([]);
});

for (const [language, menu] of [
  ["es", "Idioma"],
  ["hi", "भाषा"],
] as const) {
  test(`languages: every screen in ${language}, looked at in screenshots`, async ({
    signedIn: page,
  }, info) => {
    test.setTimeout(180_000);
    await hotelWithADay(page);
    const english = new Map<string, string>();
    for (const path of SCREENS) {
      await settled(page, path);
      english.set(path, await page.locator("main h1, main h2").first().innerText());
    }
    await page.getByRole("banner").getByLabel("Language").selectOption(language);
    await expect(page.getByRole("banner").getByLabel(menu)).toBeVisible();
    for (const path of SCREENS) {
      await settled(page, path);
      const heading = await page.locator("main h1, main h2").first().innerText();
      expect(heading, `${path}'s heading in ${language}`).not.toBe(english.get(path));
      await shoot(page, info, `${language}${path.replaceAll("/", "-")}`);
      expect(await seriousViolations(page), `${path} in ${language}`).toEqual([]);
    }
    if (language === "hi") {
      // The Devanagari face is in and draws the words (no empty boxes from a system fallback).
      const drawn = await page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check("16px 'Noto Sans Devanagari'", "मेहमान");
      });
      expect(drawn).toBe(true);
    }
  });
}
