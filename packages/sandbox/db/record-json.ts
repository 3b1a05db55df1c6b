// A record's JSON made once per write: the write's row (db/table.ts) and the event that carries the
// record as written (events.ts, emitted right after by domain/states/machine.ts) share one
// JSON.stringify of it, not one each (issue 38: a payment serialised its transaction three times).
// Kept by object identity: a record is written as a new object ({ ...doc, status }), never changed
// in place between its write and its event, so the JSON kept for an object is that object's.

const written = new WeakMap<object, string>();

/** JSON.stringify(record), kept for the event that carries it next. */
export function recordJson(record: object): string {
  const json = JSON.stringify(record);
  written.set(record, json);
  return json;
}

/**
 * JSON.stringify(members) for a flat object whose values may be records just written: their kept
 * JSON is spliced in (taken: once), the rest serialised as JSON.stringify would (members whose
 * value serialises to nothing, undefined or a function, left out).
 */
export function membersJson(members: Record<string, unknown>): string {
  let out = '';
  for (const key of Object.keys(members)) {
    const value = members[key];
    let json: string | undefined;
    if (typeof value === 'object' && value !== null) {
      json = written.get(value);
      if (json !== undefined) written.delete(value);
    }
    json ??= JSON.stringify(value) as string | undefined;
    if (json === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${json}`;
  }
  return `{${out}}`;
}
