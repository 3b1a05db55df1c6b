// A WebKitGTK session (../shared/ENGINES.md): Xvfb, then WebKitWebDriver, then a
// selenium-webdriver session with MiniBrowser. Without a display WebKit hangs
// instead of failing, so every step is time-boxed and stop() kills what started:
// Xvfb and WebKitWebDriver each lead their own process group (detached), and
// MiniBrowser and the WebKit helper processes it starts stay in the driver's
// group, so killing the groups leaves nothing behind even if driver.quit hangs.
import { spawn } from 'node:child_process';
import { Builder } from 'selenium-webdriver';
import { freePort } from '../../test-support/free-port.mjs';

/** A step that did not answer in time: the session may be stuck and should be replaced. */
export class TimeoutError extends Error {}

export const withTimeout = (promise, ms, what) => {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new TimeoutError(`${what}: no answer within ${ms} ms`)), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

async function waitForDriver(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) });
      if (response.ok && (await response.json()).value?.ready !== false) return;
    } catch { /* not up yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer /status');
}

/** Starts Xvfb + WebKitWebDriver + a MiniBrowser session; `stop()` always cleans up. */
// Process groups still alive; the exit hook kills them if nobody called stop().
const liveGroups = new Set();
const killGroup = (pid) => {
  try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone (ESRCH) */ }
  liveGroups.delete(pid);
};
process.on('exit', () => { for (const pid of [...liveGroups]) killGroup(pid); });

/** Spawns `command` as the leader of a new process group (killed as a whole later). */
function spawnGroup(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid) liveGroups.add(child.pid);
  return child;
}

/**
 * `capabilities` are merged into the session's (a WebDriver `proxy`, for example);
 * `env` is added to the browser's environment (GTK settings, for example).
 */
export async function startWebKit({ startupMs = 30_000, capabilities = {}, env = {} } = {}) {
  const children = [];
  let driver;
  const stop = async () => {
    if (driver) await withTimeout(driver.quit(), 5_000, 'driver.quit').catch(() => {});
    driver = undefined;
    // The whole group, even when the leader already exited: MiniBrowser may not have.
    for (const child of children.reverse()) if (child.pid) killGroup(child.pid);
    children.length = 0;
  };
  try {
    const xvfb = spawnGroup('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(xvfb);
    const display = await withTimeout(new Promise((resolve, reject) => {
      xvfb.once('error', reject);
      xvfb.stdout.once('data', (data) => resolve(`:${String(data).trim()}`));
    }), 10_000, 'Xvfb');
    const port = await freePort();
    const wd = spawnGroup('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, ...env, DISPLAY: display }, stdio: 'ignore' });
    children.push(wd);
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, Date.now() + 10_000);
    driver = await withTimeout(
      new Builder().usingServer(url).withCapabilities({ browserName: 'MiniBrowser', ...capabilities }).build(),
      startupMs, 'MiniBrowser session');
    await driver.manage().setTimeouts({ script: 20_000, pageLoad: 20_000, implicit: 0 });
    return { driver, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
