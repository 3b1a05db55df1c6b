// Every internal link of a built static site, and whether it lands: the file exists (a page
// `x` is `x.html`, a folder its index.html) and, with a #fragment, the target page has that id.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BrokenLink { page: string; href: string; why: string }

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });
}

/** The file a site path names, or null. */
function target(root: string, path: string): string | null {
  const decoded = decodeURIComponent(path);
  const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}.html`, `${decoded}/index.html`];
  for (const candidate of candidates) {
    const file = join(root, candidate);
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

const ids = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let found = ids.get(file);
  if (!found) {
    const html = readFileSync(file, 'utf8');
    found = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    ids.set(file, found);
  }
  return found;
}

/** Broken internal links (href and src) of every page under `root`; external URLs are not fetched. */
export function brokenLinks(root: string): { checked: number; broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  let checked = 0;
  for (const file of htmlFiles(root)) {
    const page = `/${relative(root, file)}`;
    const html = readFileSync(file, 'utf8');
    for (const [, attribute, raw] of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
      const href = raw!.replace(/&amp;/g, '&');
      if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href) || href === '') continue; // https:, mailto:, data:, protocol-relative
      checked++;
      const [path, fragment] = href.split('#') as [string, string | undefined];
      const absolute = path === '' ? page : path.startsWith('/') ? path : `/${relative(root, resolve(dirname(file), path.split('?')[0]!))}`;
      const landed = target(root, absolute.split('?')[0]!);
      if (!landed) {
        broken.push({ page, href, why: `${attribute}: no file for ${absolute}` });
        continue;
      }
      if (fragment && landed.endsWith('.html') && !idsOf(landed).has(decodeURIComponent(fragment))) {
        broken.push({ page, href, why: `no id "${fragment}" in ${relative(root, landed)}` });
      }
    }
  }
  return { checked, broken };
}
