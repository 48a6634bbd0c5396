import { BoundedCache } from "~/lib/bounded-cache";
import { countKeptRead } from "~/lib/metrics.server";
import { connection, db } from "./db.server";

/**
 * Reads kept while the data under them is unchanged. Some of what the shop shows changes a few
 * times a day but is read on every visit: the silk shops, a shop's reviews, the tailor choice. The
 * database keeps a version of each such area ("DataVersion"), raised in the transaction of every
 * change that shows there (migration data_versions, whose triggers say what counts as a change).
 * A process keeps a read with the version it was read at, and reads it again once the version has
 * moved: one small statement a request instead of the read's own, and what it returns is never
 * older than what was committed before the request asked.
 *
 * Why it holds under READ COMMITTED: the version is read before the data, in its own statement.
 * A change committed before the version was read is in the data read after it; a change committed
 * in between is in the data too, and has raised the version past the one kept with it, so the next
 * request reads again. A value kept is never older than its version.
 */
export type DataArea = "shops";

/** The area's version now: raised by the database with every change that shows there. */
export async function versionOf(area: DataArea): Promise<bigint> {
  const [row] = await db().$queryRaw<{ version: bigint }[]>`SELECT "version" FROM "DataVersion" WHERE "area" = ${area}`;
  // No row (a database the migration has not reached) keeps nothing: -1 is never a version.
  return row?.version ?? -1n;
}

/**
 * A value of its own for each database connection, made on first use: kept reads and kept pages
 * hold what one database showed (the integration tests switch databases within one process).
 */
export function perConnection<T extends object>(make: () => T): () => T {
  const byDatabase = new WeakMap<object, T>();
  return () => {
    const database = connection();
    let value = byDatabase.get(database);
    if (!value) {
      value = make();
      byDatabase.set(database, value);
    }
    return value;
  };
}

interface Kept<V> {
  version: bigint;
  value: V;
}

/**
 * `read`, kept per arguments while `area`'s version stays the same. What it returns is shared by
 * every request that asks until the area changes: it is frozen, and callers build their own
 * values from it. Kept per database connection (tests switch databases within one process), at
 * most `max` different arguments, the least used dropped first.
 */
export function keptWhileUnchanged<A extends unknown[], V>(
  area: DataArea,
  read: (...args: A) => Promise<V>,
  { max = 200 }: { max?: number } = {},
): (...args: A) => Promise<V> {
  const keptHere = perConnection(() => new BoundedCache<Kept<V>>(max));
  return async (...args: A) => {
    const kept = keptHere();
    const key = JSON.stringify(args);
    const version = await versionOf(area);
    const held = kept.get(key);
    if (held && held.version === version && version >= 0n) {
      countKeptRead(area, "kept");
      return held.value;
    }
    countKeptRead(area, "read");
    const value = deepFreeze(await read(...args));
    // Two requests may read at once: the later version stays.
    const now = kept.get(key);
    if (!now || now.version <= version) kept.set(key, { version, value });
    return value;
  };
}

function deepFreeze<V>(value: V): V {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
