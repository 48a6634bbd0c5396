import { z } from "zod";
import {
  DELIVERY_MESSAGES,
  type DeliveryInput,
  isCarrier,
  normalizeTrackingNumber,
  trackingNumberProblem,
} from "./carriers";

/**
 * The tailor's delivery form and the JSON call: pickup, or a carrier with its tracking number
 * (checked per carrier). Comes out normalized, with nulls for what pickup does not have.
 */
export function deliverySchema() {
  return z
    .object({
      method: z.enum(["pickup", "carrier"], { error: DELIVERY_MESSAGES.methodRequired }),
      carrier: z.string().trim().max(40).optional().nullable(),
      trackingNumber: z.string().trim().max(60, DELIVERY_MESSAGES.trackingFormat).optional().nullable(),
    })
    .transform((value, context): DeliveryInput => {
      if (value.method === "pickup") return { method: "pickup", carrier: null, trackingNumber: null };
      const carrier = value.carrier ?? "";
      const trackingNumber = normalizeTrackingNumber(value.trackingNumber ?? "");
      if (!isCarrier(carrier)) {
        context.addIssue({ code: "custom", path: ["carrier"], message: DELIVERY_MESSAGES.carrierRequired });
        return z.NEVER;
      }
      if (!trackingNumber) {
        context.addIssue({ code: "custom", path: ["trackingNumber"], message: DELIVERY_MESSAGES.trackingRequired });
        return z.NEVER;
      }
      const problem = trackingNumberProblem(carrier, trackingNumber);
      if (problem) {
        context.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
        return z.NEVER;
      }
      return { method: "carrier", carrier, trackingNumber };
    });
}
