// The failed unit tests by name, from Vitest's JSON report, so `npm test`'s last lines say
// which test failed (CI shows only the tail of a long run). A file that failed to load
// (its own status failed, no failed test inside) is named as the file.
import { relative } from 'node:path';

/** [{ file, title }] for every failed test of the report; [] for a missing report. */
export function vitestFailures(report, root = process.cwd()) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push({ file: name, title: test.fullName ?? test.title });
    if (!failed.length && file.status === 'failed') failures.push({ file: name, title: (file.message || 'the file failed to run').split('\n')[0] });
  }
  return failures;
}
