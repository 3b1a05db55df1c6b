// Processes a test run started that are still alive after it (issue 42, item 8). `npm test` runs
// each suite with `SVC_TEST_RUN=<id>` in its environment; every descendant inherits it, whether it
// left its parent's process group (detached) or was re-parented to init when its parent died, so
// /proc/<pid>/environ finds them all. (A process started with an environment built from nothing
// would escape: the tests spread process.env into the environments they give.) Linux only.
import { readFileSync, readdirSync } from 'node:fs';

export const RUN_MARK = 'SVC_TEST_RUN';

/** `{ pid, command }` of every process of this user whose environment holds `SVC_TEST_RUN=<runId>`. */
export function markedProcesses(runId, { except = [process.pid] } = {}) {
  const mark = `${RUN_MARK}=${runId}`;
  const found = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || except.includes(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      // A zombie (exited, not yet reaped by its parent) has no command line and holds nothing.
      if (command) found.push({ pid, command });
    } catch {
      // Gone meanwhile, or another user's: not ours.
    }
  }
  return found;
}

/**
 * The marked processes still alive once `graceMs` passed (a process that is exiting gets that
 * long), each then killed: a leftover is reported once and does not disturb the next suite.
 */
export async function reapLeftovers(runId, graceMs = 3_000) {
  const deadline = Date.now() + graceMs;
  let left = markedProcesses(runId);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = markedProcesses(runId);
  }
  for (const { pid } of left) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  return left;
}
