/**
 * PGlite has no cross-process lock, and two processes writing one data directory corrupt it. The server
 * therefore holds an operating-system lock on `DATA_DIR/innkeep.lock` while it runs (decision 003): an
 * exclusive open-file-description lock on Linux, flock on macOS, LockFileEx on Windows. The kernel grants it
 * to one process at a time and drops it when that process ends, however it ends, so a lock file left by
 * SIGKILL, power loss or a hot copy of a running directory never blocks a start, and two processes starting
 * together cannot both get it. The pid written into the file only names the holder in the refusal; it is
 * never used to decide anything (pids are reused).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export const LOCK_FILE = "innkeep.lock";

/** The part of fs-native-extensions used here: a non-blocking exclusive lock on an open file. */
type FileLocks = { tryLock(fd: number): boolean };

let fileLocks: FileLocks | undefined;

function loadFileLocks(): FileLocks {
  // Loaded on first use, so that a server on DATABASE_URL never needs the native addon.
  if (!fileLocks) {
    try {
      fileLocks = createRequire(import.meta.url)("fs-native-extensions") as FileLocks;
    } catch (error) {
      throw new Error(
        `cannot load the file-lock addon (fs-native-extensions) for ${process.platform}-${process.arch}, needed to lock DATA_DIR: ${(error as Error).message}; use DATABASE_URL on this platform`,
        { cause: error },
      );
    }
  }
  return fileLocks;
}

/** Whether `fd` is still the file at `filePath` (its holder may have removed it since we opened it). */
function isFileAt(fd: number, filePath: string): boolean {
  const opened = fs.fstatSync(fd);
  try {
    const current = fs.statSync(filePath);
    return current.ino === opened.ino && current.dev === opened.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * The holder's pid as written in the lock file. A holder that has just been granted the lock may not have
 * written it yet, so an empty file is read again for a moment before giving up on naming the holder.
 */
async function readHolderPid(lockPath: string): Promise<number | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let text = "";
    try {
      text = fs.readFileSync(lockPath, "utf8").trim();
    } catch (error) {
      // Released and removed meanwhile: the holder is gone, but the refusal still stands for this start.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid) && pid > 0) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

/**
 * Locks DATA_DIR (creating it if needed) for this process; throws DataDirLockedError while another process
 * holds it. Returns the release function, which removes the lock file and drops the lock.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.accessSync(dataDir, fs.constants.W_OK);
  const locks = loadFileLocks();
  const lockPath = path.join(dataDir, LOCK_FILE);
  // More than one try only when a holder releases (and removes the file) between our open and our lock.
  for (let attempt = 0; attempt < 10; attempt++) {
    // Never truncated on open: the holder's pid stays readable until we hold the lock ourselves.
    const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
    let granted: boolean;
    try {
      granted = locks.tryLock(fd);
    } catch (error) {
      fs.closeSync(fd);
      const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
      throw new Error(
        `cannot lock ${LOCK_FILE} in DATA_DIR ${dataDir} (${code}): the filesystem does not support file locks; keep DATA_DIR on a local disk or use DATABASE_URL`,
        { cause: error },
      );
    }
    if (!granted) {
      fs.closeSync(fd);
      const holder = await readHolderPid(lockPath);
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another Innkeep process (${holder ? `pid ${holder}` : "pid unknown"}); stop it or choose another DATA_DIR`,
      );
    }
    // We may have locked a file its holder removed on release after we opened it; the next holder locks
    // the file now at the path, so holding this one would mean two holders.
    if (!isFileAt(fd, lockPath)) {
      fs.closeSync(fd);
      continue;
    }
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, String(process.pid), 0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      try {
        // Removed while still locked, so whoever locks this file next sees it gone (isFileAt) and retries.
        if (isFileAt(fd, lockPath)) fs.rmSync(lockPath, { force: true });
      } finally {
        fs.closeSync(fd); // drops the lock
      }
    };
  }
  throw new DataDirLockedError(
    `DATA_DIR ${dataDir}: ${LOCK_FILE} kept being replaced while locking it; another Innkeep process is starting and stopping there`,
  );
}
