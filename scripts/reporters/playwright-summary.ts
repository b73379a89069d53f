import { appendFileSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of a failed attempt's page snapshot printed at most (the sell page's runs to ~300). */
const SNAPSHOT_LINES = 400;

/**
 * Prints 'playwright: N passed, N failed, N skipped' as the closing line and appends the counts to
 * $TEST_SUMMARY_FILE when set (see .ci/run). A test that passed on retry counts as passed.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();
  private readonly retried = new Map<string, string>();
  /** The error context (error and page snapshot) of each test's last failed attempt. */
  private readonly failedContext = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, result.status);
    if (result.retry > 0) this.retried.set(test.id, test.titlePath().filter(Boolean).join(' › '));
    if (result.status === 'failed' || result.status === 'timedOut') {
      const context = errorContext(result);
      if (context) this.failedContext.set(test.id, context);
    }
  }

  onEnd(_result: FullResult): void {
    const statuses = [...this.outcomes.values()];
    const passed = statuses.filter((s) => s === 'passed').length;
    const skipped = statuses.filter((s) => s === 'skipped').length;
    const failed = statuses.length - passed - skipped;
    // Passed only on a retry (playwright.config.ts): named, so a test that starts to flake is seen,
    // with the page as its failed attempt left it: CI's test-results (and the trace) are thrown away
    // with the clone, and a flake that will not happen again on demand is understood from this alone.
    for (const [id, title] of this.retried) {
      if (this.outcomes.get(id) !== 'passed') continue;
      console.log(`playwright: flaky (passed on retry): ${title}`);
      const context = this.failedContext.get(id);
      if (context) console.log(`--- the failed attempt's error context ---\n${context}\n--- end ---`);
    }
    console.log(`\nplaywright: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    if (process.env.TEST_SUMMARY_FILE) {
      appendFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed} ${skipped}\n`);
    }
  }
}

/** The attempt's error-context.md (Playwright writes it on failure: the error and an ARIA snapshot). */
function errorContext(result: TestResult): string | null {
  const attachment = result.attachments.find((a) => a.name === 'error-context' && a.path);
  if (!attachment?.path) return null;
  try {
    const lines = readFileSync(attachment.path, 'utf8').split('\n');
    const kept = lines.slice(0, SNAPSHOT_LINES);
    if (lines.length > kept.length) kept.push(`... ${lines.length - kept.length} more lines`);
    return kept.join('\n');
  } catch {
    return null;
  }
}
