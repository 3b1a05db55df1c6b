// The RSA-OAEP (SHA-256) unwrap, on a worker thread started by rsa-workers.ts (issue 14): plain
// JavaScript, so the same file runs from src/ (tests) and from dist/ (vite.config.ts copies it).
// Messages in: [handle, KeyObject | null] registers (or drops) a key; [id, handle, encryptedKey]
// asks for an unwrap. Out: [id, bytes] with what OAEP decoded, or [id, null] when it failed
// (open-envelope.ts then takes one path for both: no oracle).
import { constants, privateDecrypt } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// Below the event loop (rsa-workers.ts RSA_WORKER_NICE): on Linux a thread id (/proc/thread-self is
// <pid>/task/<tid>) names one thread's nice value. Elsewhere, or where it is refused, it runs as it was.
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(thread, Math.min(19, getPriority(thread) + workerData.niceSteps));
} catch {
  // not Linux: the worker keeps the process's priority
}

const keys = new Map();
const OAEP = constants.RSA_PKCS1_OAEP_PADDING;

parentPort.on('message', (message) => {
  if (message.length === 2) {
    if (message[1]) keys.set(message[0], message[1]);
    else keys.delete(message[0]);
    return;
  }
  const [id, handle, data] = message;
  let cek = null;
  try {
    cek = privateDecrypt({ key: keys.get(handle), padding: OAEP, oaepHash: 'sha256' }, data);
  } catch {
    // null: a failed unwrap, told apart from nothing else
  }
  parentPort.postMessage([id, cek]);
  cek?.fill(0); // the posted copy is the caller's; this one is not left in the heap
});
