import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../serving.js';

/** The lock file of the embedded database's folder: the process id of the portal that has it open. */
export const LOCK_FILE = 'portal.lock';

export interface DataDirLock {
  release(): void;
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process. PGlite keeps no lock of its own, so a second portal started
 * on the same folder (a second `npm start`, or a restart while the last one is still stopping) opened the same files
 * and left them unreadable ("Aborted()" at every start after). A lock left by a process that is gone is taken over.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          if (holderOf(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new StartupError(
          `the embedded database in ${dir} is open in another running portal (process ${holder}): stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`the embedded database in ${dir} could not be locked for this portal.`);
}
