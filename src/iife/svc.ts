// Script-tag entry: defines only the global `svc`, merging into one that exists.
import { encryptCard } from '../core/index.js';

const scope = globalThis as { svc?: Record<string, unknown> };
scope.svc = Object.assign(scope.svc || {}, { encryptCard });
