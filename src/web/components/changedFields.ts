/**
 * The fields of an edit form that differ from the record, for a partial PATCH (send only what changes,
 * docs/product.md#writes), so a save never overwrites a field someone else changed meanwhile with the value
 * this form loaded. Empty when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(record: T, edited: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    if (!Object.is(record[key], edited[key])) changes[key] = edited[key];
  }
  return changes;
}
