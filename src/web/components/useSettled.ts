import { useEffect, useState } from "react";

/**
 * `value` once it has stayed the same for `ms`: what a query should follow while the user is still typing
 * (each keystroke would otherwise be a request). Starts settled on the first value.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
