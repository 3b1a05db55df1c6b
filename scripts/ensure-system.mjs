// The first suite of `npm test`: the browsers, Redis and PostgreSQL the tests drive come from
// Debian (ENGINES.md; no test tool can download them). Installs what is missing when
// it can (root, or password-less sudo, with apt-get: as on CI), otherwise says what to run.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

// The browsers by the paths the Playwright config launches; the rest by name on PATH.
const needed = [
  { found: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  { found: () => existsSync('/usr/bin/firefox-esr'), pkg: 'firefox-esr' },
  { found: () => onPath('WebKitWebDriver'), pkg: 'webkit2gtk-driver' },
  { found: () => onPath('Xvfb'), pkg: 'xvfb' },
  { found: () => onPath('redis-server'), pkg: 'redis-server' },
  // README's Python decryptor is run by a unit test with Debian's interpreter and package.
  { found: () => succeeds('/usr/bin/python3', ['-c', 'import cryptography']), pkg: 'python3-cryptography' },
  // The sandbox's PostgreSQL suite (test/sandbox/postgres.test.ts) runs initdb and pg_ctl from here.
  { found: () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)), pkg: 'postgresql' },
];

function succeeds(command, args) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return succeeds('sh', ['-c', `command -v ${command}`]);
}

function canSudo() {
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = needed.filter(({ found }) => !found()).map(({ pkg }) => pkg);
if (missing.length === 0) {
  console.log(`system: ${needed.map(({ pkg }) => pkg).join(', ')} are installed`);
  process.exit(0);
}

const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
const root = process.getuid?.() === 0;
if (!onPath('apt-get') || (!root && !canSudo())) {
  console.error(`Missing system packages: ${missing.join(' ')}\nInstall them with:\n  sudo apt-get update && sudo ${install.join(' ')}`);
  process.exit(1);
}
const as = (args) => (root ? args : ['sudo', '-n', '--preserve-env=DEBIAN_FRONTEND', ...args]);
const run = (args) => execFileSync(args[0], args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
console.log(`system: installing Debian packages: ${missing.join(' ')}`);
try {
  run(as(['apt-get', 'update']));
  run(as(install));
} catch (error) {
  console.error(`system: apt-get failed (${error.status ?? error.message}); install by hand: sudo ${install.join(' ')}`);
  process.exit(1);
}
