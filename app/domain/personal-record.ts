import type { Prisma } from "~/data/db.server";

/**
 * One kind of personal record (decision 107): what each module that keeps something of a person
 * gives the list in `~/domain/users/personal-records.server` (the download, /profile/data and
 * erasure read that list). Here, below both users and the modules that give kinds (messages, …),
 * so neither imports the other's folder for it.
 */

type Tx = Prisma.TransactionClient;

/** A line of a list on /profile/data: what it is, when, and where to open it (a slip). */
export interface PersonalRecordLine {
  at: Date;
  text: string;
  href?: string;
}

export interface PersonalRecordKind {
  /** Its key in the download (the page's lists use it too). */
  key: string;
  /** Its heading on /profile/data. */
  title: string;
  /** Shown under the heading: what the rows hold, where a row alone does not say it. */
  note?: string;
  /** Every row, for the download. */
  all(userId: number): Promise<unknown[]>;
  /** How many there are, as a subquery, so the page's counts stay one statement. */
  countSql(userId: number): Prisma.Sql;
  /**
   * The newest `take` rows the page prints, as a subquery giving their JSON array (newest first;
   * `jsonRows`, moments by `isoMoment` in `~/data/json-columns.server`), so the page reads every
   * list and count in one statement (decision 121).
   */
  newestSql(userId: number, take: number): Prisma.Sql;
  /** Those rows as the page prints them. */
  lines(rows: unknown[]): PersonalRecordLine[];
  /** Clears them when the account is erased (inside its transaction; the other side keeps the order). */
  erase(tx: Tx, userId: number): Promise<void>;
}
