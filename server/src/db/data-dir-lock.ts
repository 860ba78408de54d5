import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** The embedded database directories this process has open (a second open here is refused too). */
const openHere = new Set<string>();

/** Whether a process with this id is running (signal 0 only asks; EPERM: running, someone else's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names, or null when it names none. */
function holderOf(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    const shown = relative(process.cwd(), dataDir) || dataDir;
    super(
      pid === process.pid
        ? `The embedded database in ${shown} is already open in this process.`
        : `The embedded database in ${shown} is in use by another process (pid ${pid}, likely the running server): stop it first, then run this again. Two processes writing one embedded database would damage it.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the embedded database directory for this process: a lock file beside it (`<dir>.lock`)
 * names the process holding it. PGlite runs inside one process and cannot share its files: the
 * server and a command such as `npm run admin:create` opening the same directory at once would each
 * write pages the other does not know of (found using the README's commands with the server
 * running). A lock whose process has ended (a crash, a kill) is taken over. Answers the release.
 */
export function lockDataDir(directory: string): () => void {
  const dataDir = resolve(directory);
  const lockFile = `${dataDir}.lock`;
  if (openHere.has(dataDir)) throw new DataDirInUseError(dataDir, process.pid);
  mkdirSync(dirname(dataDir), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(lockFile);
      if (holder !== null && holder !== process.pid && running(holder))
        throw new DataDirInUseError(dataDir, holder);
      // Taken over once already, and taken again meanwhile by a process that was starting.
      if (attempt > 0) throw new DataDirInUseError(dataDir, holder ?? 0);
      // Left by a process that has ended: taken over.
      rmSync(lockFile, { force: true });
    }
  }
  openHere.add(dataDir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    openHere.delete(dataDir);
    if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  // A process that exits with it open (a failed start's process.exit) leaves no lock file behind;
  // one killed outright does, and the next open takes it over.
  process.on('exit', release);
  return release;
}
