// Requests per second of autocannon runs against one or more servers at once, for
// bench/scale.mjs (the POST /v1/transaction figures).
//
// Why not autocannon's own figures: with `amount`, autocannon ends a run at its next
// 1-second sample after the last answer, so its `duration` is the run's time rounded up to
// whole seconds (1,000 answers in 3.2 s: duration 4.0 s, "250 req/s"; in 4.1 s: "200 req/s"),
// and `requests.average` averages those samples, the last partial one included. Issue 25's
// POST figures read exactly 200 req/s with one sandbox process and with two for that reason:
// 1,000 requests over a duration of 5 s. Here the rate is counted over the requests' own time:
// from the start of the runs to the last answer, on this process's clock.
import autocannon from 'autocannon';

/**
 * Runs autocannon against every `{ url, connections, bodies }` at once, one POST per body
 * (`bodies` are sent in order, each once). Resolves `{ requests, seconds, rps, p99, non2xx,
 * errors }`: `requests` answered in all, `seconds` from the start to the last answer, `p99`
 * the worst run's p99 latency in ms.
 */
export async function postRate(runs, { path = '', headers = {} } = {}) {
  const started = performance.now();
  let last = started;
  const results = await Promise.all(runs.map(({ url, connections, bodies }) => {
    let next = 0;
    const run = autocannon({
      url: `${url}${path}`, connections, amount: bodies.length,
      requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: bodies[next++] }) }],
    });
    run.on('response', () => { last = performance.now(); });
    return run;
  }));
  const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = (last - started) / 1000;
  return {
    requests, seconds, rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0), errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}
