// The whole demo (startDemo: merchant + sandbox) in a child process of its own, for
// tests that must see the server survive (a crash ends the child, not the test) and
// measure its memory (RSS and heap are the server's alone). Run by startDemoProcess().
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testKeysDir } from '../e2e/support/demo-keys.mjs';

const CHILD = fileURLToPath(new URL('./demo-process-child.mjs', import.meta.url));

/** Starts the demo on free loopback ports; resolves once both servers listen. */
export async function startDemoProcess() {
  const child = fork(CHILD, [], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, SVC_DEMO_KEYS_DIR: testKeysDir() },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    exited.then(({ code, signal }) => reject(new Error(`the demo process ended (${code ?? signal}) before listening:\n${stderr}`)));
  });
  const ask = (question) => new Promise((resolve) => {
    child.once('message', resolve);
    child.send(question);
  });
  return {
    merchantUrl: ready.url,
    sandboxUrl: ready.sandboxUrl,
    /** The demo's public key (the page's), for tokens made in the test. */
    publicKeyPem: ready.publicKeyPem,
    keyId: ready.keyId,
    /** True while the process runs. */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** What the process wrote to stderr so far. */
    stderr: () => stderr,
    /** `{rss, heapUsed}` in bytes, measured after a full garbage collection in the child. */
    memory: () => ask('memory'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
