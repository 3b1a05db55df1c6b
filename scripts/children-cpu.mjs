// CPU seconds spent by this process's finished children (and the descendants they waited for),
// from /proc/self/stat's cutime and cstime: beside a suite's wall time it says how much of the
// two cores the suite kept busy. Linux only; elsewhere undefined.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux's common builds). */
const TICKS = 100;

/** Children's user + system CPU seconds so far, or undefined where /proc cannot tell. */
export function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th of them.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return undefined;
  }
}
