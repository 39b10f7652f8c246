/**
 * The user's language (docs/decisions/047-languages.md): chosen in the header's "Language" menu, shown at
 * once, kept for the user across reloads and back to English on request; a browser asking for Spanish gets it
 * before anyone chooses.
 */
import { expect, newPerson, signIn, test } from "./fixtures.js";

test("languages: the header's Language menu switches the screens and is kept for the user", async ({
  signedIn: page,
}) => {
  const header = page.getByRole("banner");
  const language = header.getByLabel("Language");
  await expect(language).toHaveValue("en");
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();

  await language.selectOption("es");
  await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.reload();
  await expect(header.getByLabel("Idioma")).toHaveValue("es");
  await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();

  await header.getByLabel("Idioma").selectOption("hi");
  await expect(header.getByRole("button", { name: "लॉग आउट" })).toBeVisible();
  await header.getByLabel("भाषा").selectOption("en");
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.reload();
  await expect(header.getByLabel("Language")).toHaveValue("en");
});

test.describe("a browser that asks for Spanish", () => {
  test.use({ locale: "es-ES" });

  test("languages: the landing page and the screens follow the browser until the user chooses", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Bienvenido a Innkeep, gestión hotelera" })).toBeVisible();
    await signIn(page, newPerson(), /\/hms$/, { login: "Iniciar sesión", menu: "Principal" });
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Reservas" }),
    ).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByLabel("Idioma")).toHaveValue("es");
    await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    // Chosen once, the user's language wins over the browser's, on the landing page too.
    await header.getByLabel("Idioma").selectOption("en");
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome to Innkeep Hotel Management" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to HMS" })).toBeVisible();
  });
});
