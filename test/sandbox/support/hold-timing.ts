// Times two holds with db/unit-size.ts's startHold in a process of its own, and prints them as
// JSON: in a shared test worker, other threads' CPU (a concurrent GC of an earlier file's heap,
// a leftover worker thread) counts as the process's and made a 60 ms wait read as 20+ ms of hold.
import { startHold } from '../../../packages/sandbox/db/unit-size.js';

const cpuMs = (since: NodeJS.CpuUsage) => { const { user, system } = process.cpuUsage(since); return (user + system) / 1000; };

// Start-up's other threads (the TypeScript loader's, V8's compilers) first go quiet.
await new Promise((resolve) => setTimeout(resolve, 300));

const waited = startHold();
await new Promise((resolve) => setTimeout(resolve, 60));
const waitedMs = waited();

// A unit on the CPU for 20 ms (however long a loaded machine takes to give them), and 20 ms of
// wall at least: V8 optimising the loop on another thread adds CPU beside it (20 ms of it in 13).
const wall = performance.now();
const busy = startHold();
const cpu = process.cpuUsage();
while (cpuMs(cpu) < 20 || performance.now() - wall < 20) { /* on the CPU */ }
const busyMs = busy();
const busyWallMs = performance.now() - wall;

process.stdout.write(JSON.stringify({ waitedMs, busyMs, busyWallMs }));
