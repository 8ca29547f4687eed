/**
 * `npm run test:durations`: records the last full run's file times (test-results/file-times/) as the
 * committed estimates the suites start their files by (test/setup/durations.json, longest-first.ts).
 * Run it after a full `npm test` when files were added or grew, and commit the result.
 */
import { writeFile } from 'node:fs/promises';
import { readSuiteTimes } from './file-times.ts';
import { DURATIONS_FILE, durationsFrom } from './longest-first.ts';

const suites = await readSuiteTimes();
if (suites.length === 0) {
  console.error('test:durations: no file times recorded yet; run npm test first.');
  process.exit(1);
}
await writeFile(DURATIONS_FILE, `${JSON.stringify(durationsFrom(suites), null, 1)}\n`);
console.log(`${DURATIONS_FILE}: ${suites.map((s) => `${s.files.length} ${s.suite} files`).join(', ')}.`);
