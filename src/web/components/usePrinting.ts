/**
 * Whether the page is being printed. The state changes inside the browser's `beforeprint` event with
 * `flushSync`, so what renders differently for paper (every row of a virtualized list) is in the DOM
 * before the print layout is taken.
 */
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";

export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
  return printing;
}
