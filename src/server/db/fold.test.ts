/**
 * The database's search fold (`innkeep_fold`, migration 0019) and the domain's (`foldForSearch`) are one rule:
 * the search index is built with the first and searches are folded with the second, so any difference is a
 * stay that cannot be found. Compared on tricky strings and on every character of the ranges the rule touches.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { FOLD_FROM, foldForSearch } from "../../domain/text.js";
import { describeBackends } from "../test/harness.js";

const TRICKY = [
  "Müller",
  "MÜLLER",
  "Mu\u0308ller",
  "Straße",
  "STRASSE",
  "Øster Ålborg",
  "Łódź",
  "Peña Ñandú",
  "O'Neill",
  "O’Neill",
  "o‘neill",
  "Jean-Paul — Marie–Claire",
  "Ævar Œuvre þorn",
  "ǅemal",
  "Ελένη ΣΟΦΊΑ",
  "ЁЛКА ёлка",
  "आशा राव",
  "क्षत्रिय",
  "名前 太郎",
  "+91 98765 43210",
  "priya.sharma@example.com",
  "50% Off_Guest \\ back",
  "tab\there",
  "zero\u200Bwidth",
  "",
];

/** Every character the fold changes, and the blocks around them. */
function everyCharacter(): string[] {
  const characters = new Set([...FOLD_FROM]);
  for (const [from, to] of [
    [0x01, 0x2ff],
    [0x300, 0x3ff],
    [0x400, 0x4ff],
    [0x900, 0x97f],
    [0x1e00, 0x1eff],
    [0x2000, 0x206f],
    [0x2e00, 0x2e7f],
    [0x3000, 0x303f],
    [0xff00, 0xff20],
  ] as const) {
    for (let code = from; code <= to; code++) characters.add(String.fromCodePoint(code));
  }
  return [...characters];
}

describeBackends("search fold", (ctx) => {
  async function dbFold(values: string[]): Promise<string[]> {
    const result = await ctx().database.db.execute(
      sql`select innkeep_fold(value) as folded
          from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as t(value, n)
         order by n`,
    );
    return (result as unknown as { rows: { folded: string }[] }).rows.map((row) => row.folded);
  }

  it("folds the tricky strings as the domain does", async () => {
    expect(await dbFold(TRICKY)).toEqual(TRICKY.map(foldForSearch));
    expect(TRICKY.map(foldForSearch).slice(0, 11)).toEqual([
      "muller",
      "muller",
      "muller",
      "strasse",
      "strasse",
      "osteralborg",
      "lodz",
      "penanandu",
      "oneill",
      "oneill",
      "oneill",
    ]);
    expect(foldForSearch("आशा राव")).toBe("आशाराव");
  });

  it("folds every character as the domain does", async () => {
    const characters = everyCharacter();
    const folded = await dbFold(characters);
    const differ = characters.filter((character, i) => folded[i] !== foldForSearch(character));
    expect(differ).toEqual([]);
  });
});
