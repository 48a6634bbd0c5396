import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * How long a kept-alive connection stays open, unused, once the shop stops. A client that sends its
 * next request on an idle connection just as the server closes it gets a reset (behind a proxy, a
 * 502): closing idle connections at once (http.Server's close) cut off requests sent in the first
 * moments after the signal. Every connection is held this long after its last answer or the
 * signal, whichever is later; a request on it is answered with `Connection: close`, and the
 * connection closes after its answer (docs/decisions.md, 94).
 */
const IDLE_LINGER_MS = 1_000;

/** How short the event loop's last turn must have been for an idle connection to be closed. */
const CAUGHT_UP_MS = 2;

/** The server's connections, as a stop (server/main.ts) closes them. */
export interface Connections {
  /**
   * The stop has begun: every answer from now on closes its connection, answers in flight too when
   * their headers are not out yet, and every 100 ms the connections nobody has used for
   * IDLE_LINGER_MS are closed. Returns what ends the sweeping.
   */
  stopKeepingAlive(): () => void;
}

export function trackConnections(server: Server): Connections {
  /** Each open connection: its answers in flight, and when it last went idle. */
  const open = new Map<Socket, { inFlight: Set<ServerResponse>; idleSince: number }>();
  let stoppedAt: number | null = null;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("connection", (socket: Socket) => {
    open.set(socket, { inFlight: new Set(), idleSince: performance.now() });
    socket.once("close", () => open.delete(socket));
  });
  // Ahead of the app's own listener, so that even an answer it sends at once closes its connection.
  server.prependListener("request", (req, res) => {
    if (stoppedAt !== null) closeAfter(res);
    const state = open.get(req.socket);
    if (!state) return;
    state.inFlight.add(res);
    res.once("close", () => {
      state.inFlight.delete(res);
      state.idleSince = performance.now();
    });
  });
  const closeIdle = () => {
    const now = performance.now();
    for (const [socket, state] of open)
      if (state.inFlight.size === 0 && now - Math.max(state.idleSince, stoppedAt!) >= IDLE_LINGER_MS) {
        socket.destroy();
        open.delete(socket);
      }
  };
  /**
   * closeIdle, right after the event loop has read its input in a short turn. A request that has
   * reached the machine but is not read yet looks idle, and closing its connection throws it away
   * with a reset; a busy process (a burst of pages at the stop) leaves requests unread for a second
   * and more. setImmediate runs just after the loop's poll for input: when that turn took longer
   * than CAUGHT_UP_MS, what came in meanwhile is read in one more turn first.
   */
  let looking = false;
  const closeIdleWhenCaughtUp = () => {
    if (looking) return;
    looking = true;
    let askedAt = performance.now();
    const look = () => {
      const now = performance.now();
      if (now - askedAt > CAUGHT_UP_MS) {
        askedAt = now;
        setImmediate(look);
        return;
      }
      looking = false;
      closeIdle();
    };
    setImmediate(look);
  };
  return {
    stopKeepingAlive() {
      stoppedAt ??= performance.now();
      for (const { inFlight } of open.values()) for (const res of inFlight) closeAfter(res);
      const sweeper = setInterval(closeIdleWhenCaughtUp, 100);
      return () => clearInterval(sweeper);
    },
  };
}
