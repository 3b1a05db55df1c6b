// What a built static site would ask other hosts for without its reader clicking anything
// (issue 41, item 7): a payments docs site loads everything from its own origin.
// - HTML: src=, and href= of <link> (stylesheets, icons, preloads): never off-site; an <a href>
//   is a link the reader follows, so it is fine.
// - CSS: url(...) and @import of an http(s) address.
// - The site's own scripts (VitePress's assets/): an http(s) address in url(...), fetch(...) or
//   import(...) (the default theme's social icon was `url('https://api.iconify.design/...')`).
//   Addresses elsewhere in them are the pages' text and code samples, never requested.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ThirdParty { file: string; host: string; what: string }

const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? files(path) : [path];
});
const hostOf = (url: string) => new URL(url).host;

export function thirdPartyRequests(root: string, scriptsDir = 'assets'): ThirdParty[] {
  const all = files(root);
  const found: ThirdParty[] = [];
  for (const file of all.filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(file, 'utf8');
    for (const [tag, url] of html.matchAll(/<(?:script|img|iframe|source|video|audio|embed)\b[^>]*\ssrc="(https?:\/\/[^"]+)"/g)) found.push({ file: relative(root, file), host: hostOf(url!), what: tag!.slice(0, 80) });
    for (const [tag, url] of html.matchAll(/<link\b[^>]*\shref="(https?:\/\/[^"]+)"/g)) found.push({ file: relative(root, file), host: hostOf(url!), what: tag!.slice(0, 80) });
  }
  for (const file of all.filter((f) => f.endsWith('.css'))) {
    const css = readFileSync(file, 'utf8');
    for (const [what, url] of css.matchAll(/(?:url\(\s*['"]?|@import\s+['"])(https?:\/\/[^'")\s]+)/g)) found.push({ file: relative(root, file), host: hostOf(url!), what: what!.slice(0, 80) });
  }
  for (const file of all.filter((f) => f.endsWith('.js') && relative(root, f).startsWith(`${scriptsDir}/`))) {
    const js = readFileSync(file, 'utf8');
    for (const [what, url] of js.matchAll(/(?:url|fetch|import)\(\s*[`'"](https?:\/\/[^`'")\s]+)/g)) found.push({ file: relative(root, file), host: hostOf(url!), what: what!.slice(0, 80) });
  }
  return found;
}
