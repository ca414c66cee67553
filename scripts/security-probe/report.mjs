/** One line per check (PASS, FAIL or SKIP with its reason), a summary, and the exit code. */
export const STATUSES = /** @type {const} */ (['PASS', 'FAIL', 'SKIP']);

export class Report {
  constructor(write = (line) => process.stdout.write(`${line}\n`)) {
    this.write = write;
    this.results = [];
  }

  add(name, status, reason = '') {
    if (!STATUSES.includes(status)) throw new Error(`unknown status ${status}`);
    const result = { name, status, reason: String(reason).replace(/\s+/g, ' ').trim() };
    this.results.push(result);
    this.write(formatLine(result));
    return result;
  }

  pass(name, reason) {
    return this.add(name, 'PASS', reason);
  }
  fail(name, reason) {
    return this.add(name, 'FAIL', reason);
  }
  skip(name, reason) {
    return this.add(name, 'SKIP', reason);
  }

  counts() {
    const counts = { PASS: 0, FAIL: 0, SKIP: 0 };
    for (const result of this.results) counts[result.status] += 1;
    return counts;
  }

  /** Non-zero as soon as one check failed (or the run was cut short). */
  exitCode(stoppedEarly = false) {
    return this.counts().FAIL > 0 || stoppedEarly ? 1 : 0;
  }

  summary() {
    const { PASS, FAIL, SKIP } = this.counts();
    return `${PASS} passed, ${FAIL} failed, ${SKIP} skipped (${this.results.length} checks)`;
  }
}

export function formatLine({ name, status, reason }) {
  return `${status.padEnd(4)}  ${name}${reason ? ` — ${reason}` : ''}`;
}
