// A throwaway redis-server (Debian package) on a free loopback port, stopped after; used by
// the unit tests and the load test. A fixed port restarts on the same address; `args`
// replaces the default (no persistence); `kill` sends any signal (SIGKILL: no final save).
import { spawn } from 'node:child_process';
import { freePort } from './free-port.mjs';

function ready(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run redis-server (apt-get install redis-server): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

export async function startRedis(options = {}) {
  const port = options.port ?? (await freePort());
  const args = options.args ?? ['--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  await ready(child);
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { port, url: `redis://127.0.0.1:${port}`, stop: () => kill('SIGTERM'), kill };
}
