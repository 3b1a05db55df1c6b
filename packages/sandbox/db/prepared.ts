// Statements sent often with the same text (the write buffer's one-statement writes: every
// POST /v1/transaction's) are prepared once per PostgreSQL connection and run by name: the
// server then skips parsing and planning them, most of its CPU for such a statement (a
// payment's 4-member WITH: 0.7 ms parsed and planned each time against 0.2 ms prepared, issue
// 38). Marked by the code that builds them, never by their data, and at most MAX_PREPARED
// texts per process: every connection keeps each one it has run until it closes.
export const MAX_PREPARED = 256;

/** Texts marked to be prepared, each with its name, at most `max` of them (later ones run unprepared). */
export function preparedTexts(max = MAX_PREPARED) {
  const names = new Map<string, string>();
  return {
    mark(sql: string): string {
      if (!names.has(sql) && names.size < max) names.set(sql, `sbx_prepared_${names.size}`);
      return sql;
    },
    nameOf: (sql: string): string | undefined => names.get(sql),
  };
}

const texts = preparedTexts();

/** Marks `sql` to be prepared (PostgreSQL; PGlite runs it as any other) and returns it. */
export const prepared = (sql: string): string => texts.mark(sql);

/** The name `sql` is prepared under, if it was marked. */
export const preparedName = (sql: string): string | undefined => texts.nameOf(sql);
