import type { SqlDriverAdapter, Transaction } from "@prisma/driver-adapter-utils";
import { type Channel, type DatabaseRequest, isDatabaseMessage, TAG, toSentError } from "./protocol";

/**
 * Rolls back a transaction whose owner is gone, as Prisma itself would: adapters without a
 * "phantom" ROLLBACK (PostgreSQL's) need the statement before the connection is released.
 */
async function abandon(transaction: Transaction): Promise<void> {
  if (!transaction.options.usePhantomQuery)
    await transaction.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => {});
  await transaction.rollback().catch(() => {});
}

/**
 * Answers one app process's database calls with the adapter of the database this process holds.
 * Transactions the app process opened are kept here by number until it commits or rolls back;
 * when its channel closes (the process died), the ones still open are rolled back, so a crashed
 * app process never leaves the database locked or half-written.
 */
export function serveDatabase(adapter: SqlDriverAdapter, channel: Channel): void {
  const open = new Map<number, Transaction>();
  let nextTransaction = 1;
  let closed = false;

  function queryable(transaction: number | undefined) {
    if (transaction === undefined) return adapter;
    const found = open.get(transaction);
    if (!found) throw new Error(`transaction ${transaction} is not open`);
    return found;
  }

  async function answer(request: DatabaseRequest): Promise<unknown> {
    switch (request.op) {
      case "queryRaw":
        return queryable(request.transaction).queryRaw(request.query);
      case "executeRaw":
        return queryable(request.transaction).executeRaw(request.query);
      case "executeScript":
        return adapter.executeScript(request.script);
      case "startTransaction": {
        const transaction = await adapter.startTransaction(request.isolationLevel);
        // Begun after its process died (it waited for another transaction): nobody will end it.
        if (closed) {
          await abandon(transaction);
          throw new Error("the app process is gone");
        }
        const number = nextTransaction++;
        open.set(number, transaction);
        return { transaction: number, options: transaction.options };
      }
      case "commit":
      case "rollback": {
        const transaction = queryable(request.transaction) as Transaction;
        open.delete(request.transaction);
        return request.op === "commit" ? transaction.commit() : transaction.rollback();
      }
    }
  }

  channel.onMessage((message) => {
    if (!isDatabaseMessage(message) || message[TAG] !== "request") return;
    const { id, request } = message;
    answer(request).then(
      (value) => !closed && channel.send({ [TAG]: "reply", id, ok: true, value }),
      (error: unknown) => !closed && channel.send({ [TAG]: "reply", id, ok: false, error: toSentError(error) }),
    );
  });

  channel.onClose(() => {
    closed = true;
    for (const transaction of open.values()) void abandon(transaction);
    open.clear();
  });
}
