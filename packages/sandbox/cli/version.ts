// The package's version, from its package.json: beside cli.ts in the sources, one folder up from dist/.
import { existsSync, readFileSync } from 'node:fs';

export function sandboxVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    const file = new URL(candidate, import.meta.url);
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === '@svc-card/sandbox' && manifest.version) return manifest.version;
  }
  throw new Error("svc-sandbox: its package.json was not found beside it");
}
