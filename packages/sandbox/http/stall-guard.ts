// A request the server received is answered, even when the event loop was held (a long
// synchronous job, a GC pause, a machine under load). After such a stall Node runs the timers
// phase before the poll phase: the keep-alive timeout closed a socket whose next request was
// already waiting in the kernel (the client saw ECONNRESET, its request never ran), and the
// request-timeout check answered 408 to a request whose body had arrived during the stall.
// Here both verdicts wait while a stall is recent: the request check skips its round (it reads
// requestTimeout and headersTimeout; 0 and 0 is "no check this round"), and a keep-alive
// timeout looks again after one setImmediate, once the poll phase has read the socket.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How often the heartbeat ticks, and how late a tick must be to count as a stall. */
const BEAT_MS = 100;
const STALL_MS = 300;

export function guardTimeoutsAgainstStalls(server: Server, { checkingIntervalMs }: { checkingIntervalMs: number }): () => void {
  let lastBeat = performance.now();
  let stallEndedAt = -Infinity;
  const beat = setInterval(() => {
    const now = performance.now();
    if (now - lastBeat > STALL_MS) stallEndedAt = now;
    lastBeat = now;
  }, BEAT_MS);
  beat.unref();
  // Read in the timers phase right after a stall, before or after the heartbeat's own tick: either test sees it.
  const stalledLately = () => {
    const now = performance.now();
    return now - lastBeat > STALL_MS || now - stallEndedAt < 2 * checkingIntervalMs;
  };

  for (const name of ['requestTimeout', 'headersTimeout'] as const) {
    const set = server[name];
    Object.defineProperty(server, name, { configurable: true, enumerable: true, get: () => (stalledLately() ? 0 : set) });
  }

  // With a 'timeout' listener Node leaves the socket to us (socketOnTimeout): only idle keep-alive sockets get here.
  server.on('timeout', (socket: Socket) => {
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.destroyed || socket.bytesRead !== read) return; // a new request arrived: Node resets the timer itself
      if (stalledLately()) socket.setTimeout(server.keepAliveTimeout);
      else socket.destroy();
    });
  });
  return () => clearInterval(beat);
}
