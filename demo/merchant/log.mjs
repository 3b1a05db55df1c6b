// Unexpected server failures go to stderr by name and code only: a message or
// stack could carry a request body, and card data must never be logged.
export function logFailure(where, error) {
  const name = error && typeof error === 'object' ? String(error.name ?? 'Error') : typeof error;
  const code = error && typeof error === 'object' && error.code !== undefined ? ` ${String(error.code)}` : '';
  process.stderr.write(`[demo ${where}] unexpected failure: ${name}${code}\n`);
}
