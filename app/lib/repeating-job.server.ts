import { logger } from "./logger.server";

/**
 * A job an app process runs every `intervalMs` (LINE delivery, the sweep of unaccepted orders): a
 * run still going when the next tick comes is not overlapped; a failed run is logged and the next
 * tick tries again. `stop()` ends the loop and waits for the run in progress (call it on SIGTERM).
 * `isRunning()` is true until `stop()` is called (GET /readyz asks it).
 */
export interface RepeatingJob {
  stop(): Promise<void>;
  isRunning(): boolean;
}

export function startRepeatingJob({
  name,
  intervalMs,
  run,
}: {
  /** For the log line of a failed run. */
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}): RepeatingJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => logger().error({ err: error, job: name }, `${name} run failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    isRunning: () => !stopped,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
