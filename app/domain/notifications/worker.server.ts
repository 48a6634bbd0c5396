import { type RepeatingJob, startRepeatingJob } from "~/lib/repeating-job.server";
import { type DeliveryOptions, deliverDueMessages } from "./delivery.server";

/** The LINE delivery loop inside the app process: every `intervalMs` it delivers due messages. */
export type DeliveryWorker = RepeatingJob;

export function startDeliveryWorker({
  intervalMs = 5_000,
  ...options
}: { intervalMs?: number } & Pick<DeliveryOptions, "limit" | "pushTimeoutMs"> = {}): DeliveryWorker {
  return startRepeatingJob({ name: "LINE delivery", intervalMs, run: () => deliverDueMessages(options) });
}
