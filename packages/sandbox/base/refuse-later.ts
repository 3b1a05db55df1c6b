// A callback hook's refusal, handed to Fastify a microtask later, as an async hook's throw was:
// Node's HTTP parser reads the rest of the bytes it holds first, so a request it cannot read (a
// broken chunk) is still answered 400 by the client-error handler, never by the hook's refusal
// sent before the parser got there (test/sandbox/unrouted.test.ts). Passing stays in the same turn.
export function refuseLater(done: (error: Error) => void, error: Error): void {
  queueMicrotask(() => done(error));
}
