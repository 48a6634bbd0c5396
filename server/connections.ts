import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The server's connections, and how long each has been idle: what a stop needs to close idle
 * kept-alive connections without cutting off a request a client is sending on one (server/main.ts).
 */
export interface Connections {
  /** Closes every connection that has had no request in flight for at least `ms`; true when none is left. */
  closeIdleFor(ms: number): boolean;
}

export function trackConnections(server: Server): Connections {
  /** Each open connection: requests in flight on it, and when it last went idle. */
  const open = new Map<Socket, { inFlight: number; idleSince: number }>();
  server.on("connection", (socket: Socket) => {
    open.set(socket, { inFlight: 0, idleSince: performance.now() });
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.inFlight += 1;
    res.once("close", () => {
      state.inFlight -= 1;
      state.idleSince = performance.now();
    });
  });
  return {
    closeIdleFor(ms) {
      const now = performance.now();
      for (const [socket, state] of open)
        if (state.inFlight === 0 && now - state.idleSince >= ms) {
          socket.destroy();
          open.delete(socket);
        }
      return open.size === 0;
    },
  };
}
