// The frame's half of the handshake (issue 9): what the parent put in the frame URL's fragment.
// Issue 27: the parent's config message rides there too, read as JSON and left to the port's schema
// (bridge.ts); a config that is not JSON is none, never a frame made inert by it.
import { describe, expect, it } from 'vitest';
import { readParams } from '../../src/frame/page/handshake.js';
import { message } from '../../src/frame/protocol.js';

const channel = 'a'.repeat(32);
const fragment = (members: Record<string, string>) => '#' + new URLSearchParams(members).toString();

describe('readParams', () => {
  it('reads the channel, the parent origin and the parent\'s config message (its language in it)', () => {
    const config = message('config', { lang: 'en', holderDocument: true });
    expect(readParams(fragment({ channel, origin: 'https://shop.example', config: JSON.stringify(config) })))
      .toEqual({ channel, parentOrigin: 'https://shop.example', config });
  });

  it('has no config when the parent sent none or sent what is not JSON; the rest still reads', () => {
    expect(readParams(fragment({ channel, origin: 'https://shop.example' }))?.config).toBeNull();
    expect(readParams(fragment({ channel, origin: 'https://shop.example', config: '{"v":1,' }))).toEqual({ channel, parentOrigin: 'https://shop.example', config: undefined });
  });

  it('is null (the frame stays inert) without a valid channel or an exact http(s) origin, whatever the config', () => {
    const config = JSON.stringify(message('config', { lang: 'en' }));
    expect(readParams(fragment({ channel: 'short', origin: 'https://shop.example', config }))).toBeNull();
    expect(readParams(fragment({ channel, origin: 'https://shop.example/path', config }))).toBeNull();
    expect(readParams(fragment({ channel, origin: 'not a url', config }))).toBeNull();
    expect(readParams(fragment({ channel, origin: 'javascript:alert(1)', config }))).toBeNull();
  });
});
