import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, 'vitest: N passed, N failed, N skipped', that CI's log reader understands,
 * and appends the counts to $TEST_SUMMARY_FILE when set so .ci/run can total every suite it ran.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed += 1;
    }
    console.log(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed} ${skipped}\n`);
    }
  }
}
