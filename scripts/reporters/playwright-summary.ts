import { appendFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints 'playwright: N passed, N failed, N skipped' as the closing line and appends the counts to
 * $TEST_SUMMARY_FILE when set (see .ci/run). A test that passed on retry counts as passed.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, result.status);
  }

  onEnd(_result: FullResult): void {
    const statuses = [...this.outcomes.values()];
    const passed = statuses.filter((s) => s === 'passed').length;
    const skipped = statuses.filter((s) => s === 'skipped').length;
    const failed = statuses.length - passed - skipped;
    console.log(`\nplaywright: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed} ${skipped}\n`);
    }
  }
}
