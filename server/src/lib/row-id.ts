/** Ids in paths and bodies are digit strings; the tables' ids are 32-bit integers in PostgreSQL. */

const MAX_ROW_ID = 2_147_483_647;

/** The row id a digit string names, or undefined when no row can have it (so it is a 404, not a 500). */
export function rowId(value: string): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID ? id : undefined;
}
