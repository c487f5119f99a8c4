/**
 * Where a start's time goes (decision 026): named marks, in milliseconds since the process began
 * (performance.now()), taken along the way at the cost of a clock read each. main.ts logs them at debug level
 * once it serves (LOG_LEVEL=debug), and bench:start prints them with STARTUP_PHASES=1.
 */
const marks: [string, number][] = [];
const MAX_MARKS = 32;

/** Notes that the phase `name` ended now. */
export function markPhase(name: string) {
  // Bounded: tests build many apps in one process.
  if (marks.length < MAX_MARKS) marks.push([name, performance.now()]);
}

/**
 * Each phase's duration (since the previous mark; the first since the process began), the total, and the
 * processor time used so far (cpu).
 */
export function startupPhases(): Record<string, number> {
  const phases: Record<string, number> = {};
  let previous = 0;
  for (const [name, at] of marks) {
    phases[name] = Math.round((at - previous) * 10) / 10;
    previous = at;
  }
  phases.total = Math.round(previous * 10) / 10;
  // The processor time used meanwhile (every thread): what a busy machine's waits do not change.
  const cpu = process.cpuUsage();
  phases.cpu = Math.round((cpu.user + cpu.system) / 100) / 10;
  return phases;
}
