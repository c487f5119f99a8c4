/**
 * A job run every `everyMs` in the background (the hold lapse warnings, issue 30): one run at a time in this
 * instance (a tick while one is under way is skipped); several instances may run it at once, so the job itself
 * claims its work in the database. Stopping waits for the run under way.
 */
export interface PeriodicJob {
  /** Runs it now (the next tick is unchanged); resolves when this run is done. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startPeriodic(
  run: () => Promise<unknown>,
  options: { everyMs: number; onError: (error: unknown) => void },
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= run()
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), options.everyMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
