// @engines chromium
// `npm run bench` reports frame mode against inline mode (issue 9): its benchmark must still be
// able to pay on the demo it drives. It stopped doing so unnoticed when the demo began asking for
// the holder's CPF (issue 11) and the Pay button got a label and spinner inside it (issue 12).
// One round and no warm-up (--no-warm-up: half the pages, the same measuring code), numbers not
// judged: this checks that the benchmark measures, never how fast.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

test('bench/frame.mjs pays in both modes and prints both times', async () => {
  test.setTimeout(180_000);
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/frame.mjs', '1', '--no-warm-up'], { cwd: new URL('../..', import.meta.url), timeout: 170_000 });
  expect(stdout).toMatch(/navigation -> fields +: frame +\d+\.\d ms, inline +\d+\.\d ms/);
  expect(stdout).toMatch(/navigation -> svc-ready: frame +\d+\.\d ms, inline +\d+\.\d ms/);
  expect(stdout).toMatch(/connection -> svc-ready: frame +\d+\.\d ms, inline +\d+\.\d ms/);
  expect(stdout).toMatch(/submit -> token +: frame +\d+\.\d ms, inline +\d+\.\d ms/);
});

test('bench/frame-shopper.mjs opens the checkout in both modes with nothing attached and prints both times, first visit and returning', async () => {
  test.setTimeout(180_000);
  const { stdout } = await promisify(execFile)(process.execPath, ['bench/frame-shopper.mjs', '1', '--no-warm-up'], { cwd: new URL('../..', import.meta.url), timeout: 170_000 });
  expect(stdout).toMatch(/no automation attached/);
  expect(stdout).toMatch(/navigation -> svc-ready: frame +\d+\.\d ms, inline +\d+\.\d ms, frame\/inline \d+\.\d\dx/);
  expect(stdout).toMatch(/navigation -> svc-ready, visit 3 \(returning\): frame +\d+\.\d ms, inline +\d+\.\d ms, frame\/inline \d+\.\d\dx/);
});
