/** Migration tests' helpers: the migrations up to one of them, to write data as it was before it ran. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const MIGRATIONS = path.join(import.meta.dirname, "../db/migrations");

/** A copy of the migrations folder holding only those before `tag` (remove it when done). */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (index <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
