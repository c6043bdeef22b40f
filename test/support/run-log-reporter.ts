/**
 * Opt-in (MUTATION_RUN_LOG=<file> npm run mutation): one line per vitest run, i.e. per mutant, appended to that file,
 * with its wall time, the files and tests it ran and the time spent collecting and setting them up. What a mutant
 * costs, and why, without Stryker's debug log.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestSpecification } from 'vitest/node';
import type { RunnerTask, RunnerTestFile } from 'vitest';

export default class RunLogReporter implements Reporter {
  private started = 0;
  private readonly file = process.env.MUTATION_RUN_LOG ?? 'mutation-runs.log';

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.started = performance.now();
    appendFileSync(this.file, `start ${new Date().toISOString()} files=${specifications.length}\n`);
  }

  onFinished(files: RunnerTestFile[] = []): void {
    let tests = 0;
    let ran = 0;
    const visit = (task: RunnerTask): void => {
      if (task.type === 'test') {
        tests++;
        if (task.result?.state === 'pass' || task.result?.state === 'fail') ran++;
      }
      if ('tasks' in task) task.tasks.forEach(visit);
    };
    files.forEach(visit);
    const sum = (pick: (f: RunnerTestFile) => number | undefined) => files.reduce((total, f) => total + (pick(f) ?? 0), 0).toFixed(0);
    appendFileSync(
      this.file,
      `end wall=${(performance.now() - this.started).toFixed(0)} files=${files.length} tests=${tests} ran=${ran} ` +
        `collect=${sum((f) => f.collectDuration)} setup=${sum((f) => f.setupDuration)} run=${sum((f) => f.result?.duration)}\n`,
    );
  }
}
