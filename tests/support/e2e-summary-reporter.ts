import fs from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints one closing line, `e2e: N passed, M failed, … in Xs`, after the list reporter, and
 * (with E2E_SUMMARY_FILE set) writes the counts as JSON for scripts/test.sh.
 * A test counts by its final outcome: passed on retry = passed (and flaky).
 */
export default class SummaryReporter implements Reporter {
  private tests = new Map<string, TestCase>();
  private started = Date.now();

  onTestEnd(test: TestCase, _result: TestResult) {
    this.tests.set(test.id, test);
  }

  onEnd(result: FullResult) {
    let passed = 0;
    let failed = 0;
    let flaky = 0;
    let skipped = 0;
    for (const t of this.tests.values()) {
      const outcome = t.outcome();
      if (outcome === "expected") passed++;
      else if (outcome === "flaky") {
        passed++;
        flaky++;
      } else if (outcome === "skipped") skipped++;
      else failed++;
    }
    // A run that died before or between tests (webServer failed, global timeout) is a failure too.
    const interrupted = result.status !== "passed" && failed === 0 ? 1 : 0;
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    const extras = [flaky && `${flaky} flaky`, skipped && `${skipped} skipped`, interrupted && `run ${result.status}`].filter(Boolean);
    console.log(`e2e: ${passed} passed, ${failed} failed${extras.length ? `, ${extras.join(", ")}` : ""} in ${seconds}s`);
    const file = process.env.E2E_SUMMARY_FILE;
    if (file) {
      fs.writeFileSync(file, JSON.stringify({ passed, failed: failed + interrupted, flaky, skipped, status: result.status }));
    }
  }

  printsToStdio() {
    return true;
  }
}
