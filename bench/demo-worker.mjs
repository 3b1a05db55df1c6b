// The demo checkout in a worker thread of its own, for bench/frame.mjs: its servers (merchant,
// card frame, sandbox) answer on an event loop that the benchmark's Playwright client does not
// share. In the benchmark's own loop they waited behind it: its event-loop delay reached 40 to
// 157 ms in a page load (monitorEventLoopDelay, loaded 2-core machine), and frame mode waits on
// two more requests (the frame's page and script) than inline mode in the shopper's path.
// Posts `{url}` once started; a message back closes it, then it posts 'closed'.
import { parentPort, workerData } from 'node:worker_threads';
import { startDemo } from '../demo/start-demo.mjs';

// `embedders`: other origins that frame the card frame (bench/frame-shopper.mjs's front).
const demo = await startDemo({ port: 0, keysDir: workerData.keysDir, embedders: () => workerData.embedders ?? [] });
parentPort.postMessage({ url: demo.url });
parentPort.once('message', async () => {
  await demo.close();
  parentPort.postMessage('closed');
});
