/** Backup files: names that sort by time, the rotation that keeps the newest, the nightly hour. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupName, listBackups, takeBackup, untilHour } from "./backup.js";
import { openPglite } from "./connect.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-backup-unit-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("backups", () => {
  it("names files by the time, so that they sort oldest first", () => {
    expect(backupName("pglite", new Date("2026-11-26T03:15:09Z"))).toBe("innkeep-20261126-031509.tar.gz");
    expect(backupName("postgres", new Date("2026-01-02T00:00:00Z"))).toBe("innkeep-20260102-000000.pgdump");
  });

  it("keeps the newest BACKUP_KEEP and never touches other files", async () => {
    const database = await openPglite(undefined);
    try {
      fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
      for (let day = 1; day <= 4; day++) {
        await takeBackup(database, { dir, keep: 2 }, new Date(Date.UTC(2026, 10, day, 3)));
      }
    } finally {
      await database.close();
    }
    expect(listBackups(dir).map((file) => path.basename(file))).toEqual([
      "innkeep-20261103-030000.tar.gz",
      "innkeep-20261104-030000.tar.gz",
    ]);
    expect(fs.readdirSync(dir)).toContain("notes.txt");
    expect(fs.readdirSync(dir).some((name) => name.endsWith(".partial"))).toBe(false);
  });

  it("waits until the next occurrence of the hour", () => {
    const now = new Date(2026, 10, 26, 2, 30);
    expect(untilHour(now, 3)).toBe(30 * 60_000);
    expect(untilHour(new Date(2026, 10, 26, 3, 0), 3)).toBe(24 * 3_600_000);
  });
});
