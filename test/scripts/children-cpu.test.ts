// npm test's suite lines give the CPU its children used (scripts/children-cpu.mjs): a child that
// computes for a while raises the figure by about its own CPU time, one that sleeps does not.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds } from '../../scripts/children-cpu.mjs';

const run = (code: string) => execFileSync(process.execPath, ['-e', code]);

describe.runIf(process.platform === 'linux')('childrenCpuSeconds', () => {
  it('grows by a finished child\'s CPU time, and not by the time a child slept', () => {
    const start = childrenCpuSeconds()!;
    run('const end = process.cpuUsage().user + 400_000; while (process.cpuUsage().user < end);');
    const afterBusy = childrenCpuSeconds()!;
    run('setTimeout(() => {}, 600)');
    const afterSleep = childrenCpuSeconds()!;
    // At least the 0.4 s the child computed; a node start costs well under the 0.5 s margin.
    expect(afterBusy - start).toBeGreaterThanOrEqual(0.39);
    expect(afterSleep - afterBusy).toBeLessThan(0.5);
    // Wall time is the machine's: at load 15 the 0.4 s of CPU took seconds.
  }, 60_000);
});
