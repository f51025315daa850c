/**
 * The Niushop database, through Debian's `mariadb` client over the local socket (no driver in
 * node_modules). Used by the seed where the admin has no action, and to read ids and records back.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export type DbConnection = { socket: string; database: string };

/** A value written into SQL: numbers as they are, strings quoted (the client's escaping rules). */
export function sqlValue(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** Runs one statement; answers the rows as objects of strings (NULL as null). */
export async function query(db: DbConnection, sql: string): Promise<Record<string, string | null>[]> {
  const { stdout } = await run("mariadb", ["--no-defaults", `--socket=${db.socket}`, "-uroot", "--batch", "--raw", db.database, "-e", sql], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = stdout.split("\n").filter((line) => line !== "");
  if (lines.length === 0) return [];
  const columns = lines[0].split("\t");
  return lines.slice(1).map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] === "NULL" ? null : cells[i]]));
  });
}

/** The single number a query such as `SELECT id FROM … WHERE …` answers; throws when there is none. */
export async function queryId(db: DbConnection, sql: string): Promise<number> {
  const rows = await query(db, sql);
  const value = rows[0] ? Object.values(rows[0])[0] : null;
  const id = Number(value);
  if (rows.length !== 1 || !Number.isInteger(id) || id <= 0) throw new Error(`expected one id from: ${sql} (got ${JSON.stringify(rows)})`);
  return id;
}
