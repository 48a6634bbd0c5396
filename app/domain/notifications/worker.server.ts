import { logger } from "~/lib/logger.server";
import { type DeliveryOptions, deliverDueMessages } from "./delivery.server";

/**
 * The delivery loop inside the app process: every `intervalMs` it delivers due LINE
 * messages; a run still going when the next tick comes is not overlapped. `stop()` ends
 * the loop and waits for the run in progress (call it on SIGTERM). `isRunning()` is true until
 * `stop()` is called (GET /readyz asks it).
 */
export interface DeliveryWorker {
  stop(): Promise<void>;
  isRunning(): boolean;
}

export function startDeliveryWorker({
  intervalMs = 5_000,
  ...options
}: { intervalMs?: number } & Pick<DeliveryOptions, "limit" | "pushTimeoutMs"> = {}): DeliveryWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = deliverDueMessages(options)
      .then(() => undefined)
      .catch((error: unknown) => logger().error({ err: error }, "LINE delivery run failed"))
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
