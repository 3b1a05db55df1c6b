// Unexpected server failures go to stderr by name and code only: a message or
// stack could carry a request body, and card data must never be logged.
// Only strings and numbers are printed: this runs in the last error handler, where a
// throwing String() (a `toString` that is not a function) would end the process.
const printable = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

export function logFailure(where, error) {
  const isObject = error !== null && typeof error === 'object';
  const name = isObject ? printable(error.name) ?? 'Error' : typeof error;
  const code = isObject && printable(error.code) !== undefined ? ` ${printable(error.code)}` : '';
  process.stderr.write(`[demo ${where}] unexpected failure: ${name}${code}\n`);
}
