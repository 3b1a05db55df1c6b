// The export reader: a JSON array split anywhere into chunks is read back item by
// item; an array cut before its closing ] is an error, never a shorter array.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayItems } from '../../packages/client/src/json-array.js';

function streamOf(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const point of [...points, bytes.length]) { chunks.push(bytes.slice(at, point)); at = point; }
  return new ReadableStream({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } });
}

const read = async (stream: ReadableStream<Uint8Array>) => { const items: unknown[] = []; for await (const item of jsonArrayItems(stream)) items.push(item); return items; };

describe('jsonArrayItems', () => {
  it('reads back any array of JSON values, however the bytes are split (multi-byte characters too)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.jsonValue()), fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), async (values, cuts, spaced) => {
      const text = JSON.stringify(values, null, spaced ? 1 : undefined);
      expect(await read(streamOf(text, cuts))).toEqual(JSON.parse(text));
    }), { numRuns: 300 });
  });

  it('an array cut anywhere before its closing ] throws', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.jsonValue(), { minLength: 1 }), fc.nat(), async (values, cut) => {
      const text = JSON.stringify(values);
      const short = text.slice(0, cut % (text.length - 1) + 1);
      await expect(read(streamOf(short, []))).rejects.toThrow();
    }), { numRuns: 200 });
  });

  it('an answer that is not an array throws', async () => {
    await expect(read(streamOf('{"a":1}', []))).rejects.toThrow(/not a JSON array/);
    await expect(read(streamOf('[1] 2', []))).rejects.toThrow(/after the closing/);
  });

  it('a reader that stops early (break, or an item that does not parse) cancels the stream: the export is not left downloading', async () => {
    const stopped = (onCancel: () => void, chunks: string[]) => {
      let next = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) { if (next < chunks.length) controller.enqueue(new TextEncoder().encode(chunks[next++]!)); },
        cancel: onCancel,
      });
    };
    let canceled = 0;
    for await (const item of jsonArrayItems(stopped(() => { canceled++; }, ['[1,', '2,', '3', ']']))) if (item === 1) break;
    expect(canceled).toBe(1);
    await expect(read(stopped(() => { canceled++; }, ['[1,', '{x}', ']']))).rejects.toThrow(SyntaxError);
    expect(canceled).toBe(2);
  });
});
