// npm test finds the processes a suite left running (issue 42, item 8): by the run's mark in their
// environment, even when they left the suite's process group and their parent is gone.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RUN_MARK, markedProcesses, reapLeftovers } from '../../scripts/leftover-processes.mjs';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
});

/** A `sleep` in a session of its own whose starting shell has exited: its parent is init (or a subreaper). */
function orphanSleep(env: Record<string, string>): number {
  const pid = Number(execFileSync('setsid', ['sh', '-c', 'sleep 60 >/dev/null 2>&1 & echo $!'], { env: { ...process.env, ...env }, encoding: 'utf8' }).trim());
  started.push(pid);
  return pid;
}

describe('leftover processes', () => {
  it('finds a marked process that left the group and lost its parent, and not an unmarked one', () => {
    const runId = randomUUID();
    const marked = orphanSleep({ [RUN_MARK]: runId });
    const other = orphanSleep({ [RUN_MARK]: randomUUID() });
    const found = markedProcesses(runId);
    expect(found.map(({ pid }) => pid)).toEqual([marked]);
    expect(found[0]!.command).toBe('sleep 60');
    expect(found.map(({ pid }) => pid)).not.toContain(other);
  });

  it('reaps what is still alive after the grace time, and reports it once', async () => {
    const runId = randomUUID();
    const pid = orphanSleep({ [RUN_MARK]: runId });
    expect((await reapLeftovers(runId, 200)).map((left) => left.pid)).toEqual([pid]);
    await expect.poll(() => markedProcesses(runId)).toEqual([]);
  });

  it('a process that exits within the grace time is no leftover', async () => {
    const runId = randomUUID();
    execFileSync('setsid', ['sh', '-c', 'sleep 2 >/dev/null 2>&1 &'], { env: { ...process.env, [RUN_MARK]: runId } });
    expect(markedProcesses(runId)).toHaveLength(1);
    expect(await reapLeftovers(runId, 8_000)).toEqual([]);
  });
});
