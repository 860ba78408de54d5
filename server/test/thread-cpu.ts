import { readFileSync } from 'node:fs';

/**
 * The CPU time this thread has used, in ms (Linux: /proc/thread-self/stat, utime + stime in clock
 * ticks of 10 ms). Unlike wall-clock measures, it does not grow while other processes hold the
 * machine's cores: work done on this thread (a decode, a PGlite statement) adds its whole CPU time
 * however loaded the machine is.
 */
export function threadCpuMs() {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime field 14, stime field 15.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
