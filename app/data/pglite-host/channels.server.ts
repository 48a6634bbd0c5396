import type { Worker } from "node:cluster";
import type { MessagePort } from "node:worker_threads";
import { type Channel, type DatabaseMessage, isDatabaseMessage } from "./protocol";

/** In a cluster worker: the channel to the primary process, which holds the database. */
export function channelToPrimary(): Channel {
  if (!process.send) throw new Error("this process has no parent channel: it is not a cluster worker");
  return {
    send: (message) => {
      if (process.connected) process.send!(message);
    },
    onMessage: (listener) => process.on("message", (message) => isDatabaseMessage(message) && listener(message)),
    onClose: (listener) => process.once("disconnect", listener),
  };
}

/** In the primary: the channel to one worker process. */
export function channelToWorker(worker: Worker): Channel {
  return {
    send: (message) => {
      if (worker.isConnected()) worker.send(message);
    },
    onMessage: (listener) => worker.on("message", (message) => isDatabaseMessage(message) && listener(message)),
    onClose: (listener) => worker.once("disconnect", listener),
  };
}

/** Both ends of a MessagePort pair (tests: an app and its database host in one process). */
export function channelOverPort(port: MessagePort): Channel {
  return {
    send: (message: DatabaseMessage) => port.postMessage(message),
    onMessage: (listener) => port.on("message", (message) => isDatabaseMessage(message) && listener(message)),
    onClose: (listener) => port.once("close", listener),
  };
}
