import { appendFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints 'playwright: N passed, N failed, N skipped' as the closing line and appends the counts to
 * $TEST_SUMMARY_FILE when set (see .ci/run). A test that passed on retry counts as passed.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();
  private readonly retried = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, result.status);
    if (result.retry > 0) this.retried.set(test.id, test.titlePath().filter(Boolean).join(' › '));
  }

  onEnd(_result: FullResult): void {
    const statuses = [...this.outcomes.values()];
    const passed = statuses.filter((s) => s === 'passed').length;
    const skipped = statuses.filter((s) => s === 'skipped').length;
    const failed = statuses.length - passed - skipped;
    // Passed only on a retry (playwright.config.ts): named, so a test that starts to flake is seen.
    for (const [id, title] of this.retried) {
      if (this.outcomes.get(id) === 'passed') console.log(`playwright: flaky (passed on retry): ${title}`);
    }
    console.log(`\nplaywright: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed} ${skipped}\n`);
    }
  }
}
