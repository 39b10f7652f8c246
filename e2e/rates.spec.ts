import { expect, test } from "./fixtures.js";

function todayInKolkata(): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
}

test("rates: save an override for all types and one for a type; saving the same date and type replaces it", async ({
  signedIn: page,
}) => {
  const property = await (await page.request.get("/api/property")).json();
  const type = await page.request.post(`/api/properties/${property.id}/room-types`, {
    data: { name: "Suite", capacity: 3, baseRate: 5000 },
  });
  expect(type.status()).toBe(201);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rates" })).toBeVisible();
  await expect(page.getByText("No overrides yet.")).toBeVisible();

  // Defaults: today in the property's time zone, All, 2000, min LOS 1, stop sell No.
  const today = todayInKolkata();
  await expect(page.getByLabel("Date")).toHaveValue(today);
  await expect(page.getByLabel("Room type")).toHaveValue("");
  await expect(page.getByLabel("Room type").locator("option").first()).toHaveText("All");
  await expect(page.getByLabel("Price")).toHaveValue("2000");
  await expect(page.getByLabel("Min LOS")).toHaveValue("1");
  await expect(page.getByLabel("Stop sell")).toHaveValue("no");

  const table = page.getByRole("table", { name: "Rate overrides" });
  await page.getByRole("button", { name: "Save Override" }).click();
  const allRow = table.getByRole("row").filter({ hasText: "All" });
  await expect(allRow).toBeVisible();
  await expect(allRow.getByRole("cell")).toHaveText([today, "All", /₹\s?2,000\.00/, "1", "No", "EditDelete"]);
  await expect(page.getByText("No overrides yet.")).toHaveCount(0);

  // A second override for the Suite type on the same date, with stop sell.
  await page.getByLabel("Room type").selectOption({ label: "Suite" });
  await page.getByLabel("Price").fill("3500");
  await page.getByLabel("Min LOS").fill("2");
  await page.getByLabel("Stop sell").selectOption({ label: "Yes" });
  await page.getByRole("button", { name: "Save Override" }).click();
  const suiteRow = table.getByRole("row").filter({ hasText: "Suite" });
  await expect(suiteRow.getByRole("cell")).toHaveText([
    today,
    "Suite",
    /₹\s?3,500\.00/,
    "2",
    "Yes",
    "EditDelete",
  ]);
  await expect(table.getByRole("row")).toHaveCount(3);

  // The same date and type again replaces that row instead of adding one.
  await page.getByLabel("Price").fill("4200");
  await page.getByLabel("Stop sell").selectOption({ label: "No" });
  await page.getByRole("button", { name: "Save Override" }).click();
  await expect(suiteRow.getByRole("cell")).toHaveText([
    today,
    "Suite",
    /₹\s?4,200\.00/,
    "2",
    "No",
    "EditDelete",
  ]);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(allRow.getByRole("cell").nth(2)).toContainText("2,000");
});

test("rates: an empty price keeps the base rate and min LOS falls back to 1", async ({ signedIn: page }) => {
  await page.goto("/hms/rates");
  await page.getByLabel("Date").fill("2031-01-15");
  await page.getByLabel("Price").fill("");
  await page.getByLabel("Min LOS").fill("");
  await page.getByLabel("Price").press("Enter");
  const row = page
    .getByRole("table", { name: "Rate overrides" })
    .getByRole("row")
    .filter({ hasText: "2031-01-15" });
  await expect(row.getByRole("cell")).toHaveText(["2031-01-15", "All", "Base rate", "1", "No", "EditDelete"]);
});
