import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/infra/db.server";

export type DatabaseHealth =
  { up: true; kind: string; venues: { approved: number; pending: number } } | { up: false; kind: string };

/** Whether the database answers, with venue counts; the failure itself goes to the log only. */
export async function databaseHealth(
  db: Db,
  kind: string,
  onError: (err: unknown) => void,
): Promise<DatabaseHealth> {
  try {
    const [row] = await queryRows<{ approved: number; pending: number }>(
      db,
      sql`select count(*) filter (where is_approved)::int as approved, count(*) filter (where not is_approved)::int as pending from venues`,
    );
    return {
      up: true,
      kind,
      venues: { approved: Number(row?.approved ?? 0), pending: Number(row?.pending ?? 0) },
    };
  } catch (err) {
    onError(err);
    return { up: false, kind };
  }
}
