import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

/**
 * The PGlite handle given to Prisma's PGlite adapter, with the adapter's result parsers installed
 * once instead of on every query.
 *
 * pglite-prisma-adapter passes the same `parsers` object with each query, and PGlite merges it into
 * its own table of about 300 type parsers (`{ ...defaults, ...parsers }`) every time: about 0.12 ms,
 * as long as the rest of a small query. Here the adapter's parsers are written into the instance's
 * table the first time they are seen and the option is dropped, so each query finds the same parser
 * for every type as before, without the copy. Whoever else queries this instance gets the adapter's
 * parsers too; in the shop only Prisma does.
 */
export function withParsersInstalledOnce(pglite: PGlite): Pick<PGlite, "query" | "exec" | "transaction"> {
  const installed = new WeakSet<object>();
  const lean = (options?: QueryOptions): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    if (!installed.has(options.parsers)) {
      Object.assign(pglite.parsers, options.parsers);
      installed.add(options.parsers);
    }
    const { parsers: _installed, ...rest } = options;
    return rest;
  };
  return {
    query: (sql, params, options) => pglite.query(sql, params, lean(options)),
    exec: (sql, options) => pglite.exec(sql, options),
    transaction: (callback) =>
      pglite.transaction((tx) => {
        // The transaction object keeps its own getters (closed) and methods; only query changes.
        const leanTx: Transaction = Object.create(tx, {
          query: {
            value: ((sql, params, options) => tx.query(sql, params, lean(options))) satisfies Transaction["query"],
          },
        });
        return callback(leanTx);
      }),
  };
}
