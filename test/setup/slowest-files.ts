/**
 * The last step of `npm test`: the ten slowest test files of its suites, with their times
 * (recorded by slowest-files-reporter.ts).
 */
import { describeSlowest, readSuiteTimes } from './file-times.ts';

console.log(`\n${describeSlowest(await readSuiteTimes())}`);
