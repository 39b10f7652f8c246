/** The screen's own changes, made through its property's Refresher (decision 017). */
import { useQueryClient } from "@tanstack/react-query";
import { useProperty } from "./property.js";
import { prefixesForEntity, type Refresher, refresherFor } from "./refresh.js";

/** The Refresher of the property the screen works on. */
export function usePropertyRefresher(): Refresher {
  return refresherFor(useQueryClient(), useProperty().id);
}

/**
 * Wraps a change of a record of `entityType` in the current property: the mutation settles once the screen
 * shows it, and refreshes what that record's event would (`prefixesForEntity`), once.
 */
export function useChange(entityType: string): <T>(request: () => Promise<T>) => Promise<T> {
  const refresher = usePropertyRefresher();
  const { id } = useProperty();
  return (request) => refresher.change(prefixesForEntity(id, entityType), request);
}
