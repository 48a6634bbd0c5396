import { type DeliveryOptions, deliverDueMessages } from "./delivery.server";

/**
 * The delivery loop inside the app process: every `intervalMs` it delivers due LINE
 * messages; a run still going when the next tick comes is not overlapped. `stop()` ends
 * the loop and waits for the run in progress (call it on SIGTERM).
 */
export interface DeliveryWorker {
  stop(): Promise<void>;
}

export function startDeliveryWorker({
  intervalMs = 5_000,
  ...options
}: { intervalMs?: number } & Pick<DeliveryOptions, "limit" | "pushTimeoutMs"> = {}): DeliveryWorker {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = deliverDueMessages(options)
      .then(() => undefined)
      .catch((error: unknown) => console.error("การส่งข้อความ LINE ผิดพลาด:", error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
