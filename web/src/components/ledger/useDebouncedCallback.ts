import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns [schedule, cancel]: schedule(value) calls `callback(value)` once no new value has come
 * for `delayMs`. Used for the ledger search, so typing does not fire a request per key.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number): [(value: T) => void, () => void] {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(
    (value: T) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        latest.current(value);
      }, delayMs);
    },
    [delayMs],
  );

  useEffect(() => cancel, [cancel]);
  return [schedule, cancel];
}
