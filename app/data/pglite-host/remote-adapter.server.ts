import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
  TransactionOptions,
} from "@prisma/driver-adapter-utils";
import { type Channel, type DatabaseRequest, fromSentError, isDatabaseMessage, TAG } from "./protocol";

type Call = <T>(request: DatabaseRequest) => Promise<T>;

const adapterName = "pglite-prisma-adapter";

/** Sends calls over the channel and matches the replies to them by number. */
function caller(channel: Channel): Call {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let gone = false;
  channel.onMessage((message) => {
    if (!isDatabaseMessage(message) || message[TAG] !== "reply") return;
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (message.ok) call.resolve(message.value);
    else call.reject(fromSentError(message.error));
  });
  channel.onClose(() => {
    gone = true;
    for (const call of waiting.values()) call.reject(new Error("the database process is gone"));
    waiting.clear();
  });
  return <T>(request: DatabaseRequest) =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(new Error("the database process is gone"));
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      channel.send({ [TAG]: "request", id, request });
    });
}

class RemoteTransaction implements Transaction {
  readonly provider = "postgres";
  readonly adapterName = adapterName;
  constructor(
    private readonly call: Call,
    private readonly number: number,
    readonly options: TransactionOptions,
  ) {}
  queryRaw(query: SqlQuery) {
    return this.call<SqlResultSet>({ op: "queryRaw", query, transaction: this.number });
  }
  executeRaw(query: SqlQuery) {
    return this.call<number>({ op: "executeRaw", query, transaction: this.number });
  }
  commit() {
    return this.call<void>({ op: "commit", transaction: this.number });
  }
  rollback() {
    return this.call<void>({ op: "rollback", transaction: this.number });
  }
}

class RemoteAdapter implements SqlDriverAdapter {
  readonly provider = "postgres";
  readonly adapterName = adapterName;
  constructor(private readonly call: Call) {}
  queryRaw(query: SqlQuery) {
    return this.call<SqlResultSet>({ op: "queryRaw", query });
  }
  executeRaw(query: SqlQuery) {
    return this.call<number>({ op: "executeRaw", query });
  }
  executeScript(script: string) {
    return this.call<void>({ op: "executeScript", script });
  }
  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const started = await this.call<{ transaction: number; options: TransactionOptions }>({
      op: "startTransaction",
      isolationLevel,
    });
    return new RemoteTransaction(this.call, started.transaction, started.options);
  }
  getConnectionInfo() {
    return { supportsRelationJoins: true };
  }
  async dispose() {}
}

/**
 * Prisma's driver adapter for an app process whose embedded database lives in another process
 * (server/cluster.ts: the primary holds PGlite, the workers serve pages). Every call goes to
 * serveDatabase on the other side of the channel and is run there by the PGlite adapter itself.
 */
export class RemoteDatabase implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = adapterName;
  private readonly call: Call;
  constructor(channel: Channel) {
    this.call = caller(channel);
  }
  async connect(): Promise<SqlDriverAdapter> {
    return new RemoteAdapter(this.call);
  }
  connectToShadowDb(): Promise<SqlDriverAdapter> {
    // Migrations run before the shop serves (npm run db:migrate), never in an app process.
    return Promise.reject(new Error("a shadow database is not available through the database process"));
  }
}
