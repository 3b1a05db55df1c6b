// The payment service's side of frame mode for specs that need no demo: createCardFrameHost
// (dist/server.js, the built frame) on a loopback port reached as http://localhost:<port> (another
// site than a 127.0.0.1 merchant page, ../shared/ENGINES.md), the shared key as `v1`.
import { createServer } from 'node:http';
import { readSharedKey } from '../../test-support/shared-vectors.mjs';
import { serverModule } from './decrypt.js';
import { startStaticServer, type StaticServer } from './static-server.mjs';

export interface FrameHost {
  /** The frame page's URL, for `frame-src`. */
  src: string;
  close(): Promise<void>;
}

/** Serves the card frame to be embedded by `merchantOrigin` only. */
export async function startFrameHost(merchantOrigin: string): Promise<FrameHost> {
  const { createCardFrameHost } = await serverModule();
  const host = await createCardFrameHost({ keys: { v1: readSharedKey('rsa-2048-private.pem') }, frameAncestors: [merchantOrigin] });
  const server = createServer((request, response) => host.handle(request, response) || void response.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    src: `http://localhost:${(server.address() as { port: number }).port}${host.framePath}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The merchant page's static server (http://127.0.0.1) and the card frame's host, for a spec's
 * beforeAll / afterAll; `page(plans)` is the address of e2e/pages/frame/extras.html with this
 * frame, the plans and an amount of R$ 129,90.
 */
export function extrasServers() {
  let merchant: StaticServer | undefined;
  let frame: FrameHost | undefined;
  return {
    async start() {
      merchant = await startStaticServer(process.cwd());
      frame = await startFrameHost(merchant.url);
    },
    async stop() {
      await merchant?.close();
      await frame?.close();
    },
    page: (plans: unknown): string =>
      `${merchant!.url}/e2e/pages/frame/extras.html?${new URLSearchParams({ frame: frame!.src, installments: JSON.stringify(plans), amount: '12990' })}`,
  };
}
