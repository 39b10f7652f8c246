import { useEffect, useState } from "react";

/**
 * False until `ready` has been true for one painted frame, then true for good: for work that should wait
 * until what `ready` stands for is on screen. A frame's callback runs before that frame is painted; the task
 * it queues runs after.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
