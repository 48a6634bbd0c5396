import type { LineConfig } from "./config.server";
import { LineApiError, lineFetch } from "./http.server";

/**
 * Messaging API push. The retry key makes a retried push safe: once LINE has accepted a
 * key it answers 409 to the same key again, which means the message already went out.
 */
export async function pushLineText(
  config: LineConfig,
  input: { to: string; text: string; retryKey: string },
  timeoutMs?: number,
): Promise<"sent" | "already-sent"> {
  try {
    await lineFetch(
      `${config.apiBase}/v2/bot/message/push`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${config.messagingAccessToken}`,
          "X-Line-Retry-Key": input.retryKey,
        },
        body: JSON.stringify({ to: input.to, messages: [{ type: "text", text: input.text }] }),
      },
      timeoutMs,
    );
    return "sent";
  } catch (error) {
    if (error instanceof LineApiError && error.status === 409) return "already-sent";
    throw error;
  }
}
