// CI's phases, timed: exactly what `npm test` runs (its pretest, then each `&&` step of package.json's "test"
// script), one step at a time, each step's seconds appended to a log; `report` prints the minutes of each phase.
//
//   node scripts/ci-phases.mjs run <log>       runs npm test's steps in order, stops at the first that fails
//   node scripts/ci-phases.mjs record <log> <phase> <seconds> <status>   adds a phase run by the caller (the soak)
//   node scripts/ci-phases.mjs report <log>    prints "phase  minutes" for each phase logged
//
// The steps are read from package.json, so `npm test` (what a developer runs) and CI cannot drift apart.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** How the report names a step of `npm test`. */
const PHASE_NAMES = { pretest: 'install check', check: 'check', 'test:unit': 'unit/API', 'test:e2e': 'e2e' };

/** The steps `npm test` runs, in order: its pretest script, then each `&&` part of its test script. */
export function testPhases(scripts) {
  if (!scripts?.test) throw new Error('package.json has no "test" script');
  const steps = scripts.pretest ? [{ script: 'pretest', command: 'npm run pretest' }] : [];
  for (const command of scripts.test.split('&&').map((part) => part.trim())) {
    const script = /^npm run ([\w:-]+)$/.exec(command)?.[1];
    steps.push({ script: script ?? command, command });
  }
  return steps.map((step) => ({ name: PHASE_NAMES[step.script] ?? step.script, command: step.command }));
}

/** One line a phase: `<name>\t<seconds>\t<status>` (status ok or failed). */
export function parseLog(text) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, status] = line.split('\t');
      return { name, seconds: Number(seconds), status };
    });
}

/** The minutes of each phase and their total, one a line, aligned. */
export function report(phases) {
  const width = Math.max(5, ...phases.map((phase) => phase.name.length));
  const minutes = (seconds) => (seconds / 60).toFixed(1).padStart(6);
  const total = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  return [
    '[ci] minutes per phase',
    ...phases.map(
      (phase) =>
        `[ci]   ${phase.name.padEnd(width)} ${minutes(phase.seconds)}${phase.status === 'ok' ? '' : '  FAILED'}`,
    ),
    `[ci]   ${'total'.padEnd(width)} ${minutes(total)}`,
  ].join('\n');
}

function record(log, name, seconds, status) {
  appendFileSync(log, `${name}\t${seconds}\t${status}\n`);
}

function run(log) {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const phase of testPhases(scripts)) {
    const started = process.hrtime.bigint();
    const result = spawnSync(phase.command, { cwd: ROOT, stdio: 'inherit', shell: true });
    const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9);
    record(log, phase.name, seconds, result.status === 0 ? 'ok' : 'failed');
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, log, ...rest] = process.argv.slice(2);
  if (!log) {
    console.error('usage: node scripts/ci-phases.mjs run|record|report <log> …');
    process.exit(2);
  }
  if (command === 'run') run(log);
  else if (command === 'record') record(log, rest[0], Number(rest[1]), rest[2] ?? 'ok');
  else if (command === 'report') console.log(report(parseLog(existsSync(log) ? readFileSync(log, 'utf8') : '')));
  else {
    console.error(`[ci-phases] unknown command ${command}`);
    process.exit(2);
  }
}
