// Runs before `npm test`: the browsers and Redis the tests drive come from
// Debian (ENGINES.md; no test tool can download them). Installs what is missing
// when it can (root with apt-get, as on CI), otherwise says what to run.
import { execFileSync } from 'node:child_process';

const needed = {
  chromium: 'chromium',
  'firefox-esr': 'firefox-esr',
  WebKitWebDriver: 'webkit2gtk-driver',
  Xvfb: 'xvfb',
  'redis-server': 'redis-server',
};

const onPath = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const missing = Object.entries(needed).filter(([command]) => !onPath(command)).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const install = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
if (process.getuid?.() !== 0 || !onPath('apt-get')) {
  console.error(`Missing system packages: ${missing.join(' ')}\nInstall them with:\n  sudo apt-get update && sudo ${install.join(' ')}`);
  process.exit(1);
}
console.log(`Installing Debian packages: ${missing.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
execFileSync(install[0], install.slice(1), { stdio: 'inherit', env });
