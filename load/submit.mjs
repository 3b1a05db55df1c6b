// Submits tokens to the service processes of the load test, a bounded number at once: each
// token twice at once to two neighbouring processes (node-redis and ioredis), or once (retries).
const IN_FLIGHT = 64;

/** Resolves, per index, the answers: [first, second] (or [only] when `single`). */
export async function submitPairs(services, tokens, indices, { single = false, progress = { answered: 0 } } = {}) {
  const outcomes = new Array(indices.length);
  let next = 0;
  const decrypt = (service, i) => services[service % services.length].call({ type: 'decrypt', token: tokens[i] });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < indices.length) {
        const k = next++;
        const i = indices[k];
        // a retry goes to a process that did not see the token first
        outcomes[k] = await Promise.all(single ? [decrypt(i + 2, i)] : [decrypt(i, i), decrypt(i + 1, i)]);
        progress.answered++;
      }
    }),
  );
  return outcomes;
}
