// Reads a streamed JSON array (the export endpoints' answer) one item at a time:
// only the item being read is held, however long the array. A stream that ends
// before its closing `]` is an error, never a short array taken for a whole one.
// A reader that stops early (a break, an item that does not parse) cancels the
// stream, so the rest of the export is not downloaded into nothing.

export async function* jsonArrayItems<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let state: 'before' | 'between' | 'done' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let item = '';
  const reader = body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) { ended = true; break; }
      const text = decoder.decode(value, { stream: true });
      let start = 0;
      const out: T[] = [];
      for (let i = 0; i < text.length; i++) {
        const c = text[i]!;
        if (state === 'done') {
          if (!/\s/.test(c)) throw new SyntaxError('export: text after the closing ]');
          continue;
        }
        if (state === 'before') {
          if (c === '[') { state = 'between'; start = i + 1; } else if (!/\s/.test(c)) throw new SyntaxError('export: the answer is not a JSON array');
          continue;
        }
        if (inString) {
          if (escaped) escaped = false; else if (c === '\\') escaped = true; else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') {
          if (depth > 0) depth--;
          else { // the array's own ]
            item += text.slice(start, i);
            if (item.trim()) out.push(JSON.parse(item) as T);
            item = '';
            state = 'done';
          }
        } else if (c === ',' && depth === 0) {
          item += text.slice(start, i);
          out.push(JSON.parse(item) as T);
          item = '';
          start = i + 1;
        }
      }
      if (state === 'between') item += text.slice(start);
      yield* out;
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  if ((state as string) !== 'done') throw new SyntaxError('export: the answer ended before its closing ] (the export was cut)');
}
