import { useState } from 'react';

/**
 * The latest defined value seen, so a list stays on screen while a new one loads and when it
 * fails (docs/product.md §8: the ledger keeps its previous list on a fetch error). Uses React's
 * "adjust state while rendering" pattern instead of an effect, so there is no extra paint.
 */
export function useLastSuccessful<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
