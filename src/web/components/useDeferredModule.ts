/**
 * A module a screen needs only after its first paint (its dialogs), loaded once the screen says it is
 * `ready` (its data is on screen) and the browser is idle, rather than with the screen's own code: the first
 * screen then parses and runs less JavaScript, and nothing competes with rendering its data. No Suspense:
 * React would hold back showing it for 300 ms (decision 020). A click that comes before the module is in
 * waits for it; a module that cannot be loaded (the app was updated, the network dropped) is reported.
 */
import { useEffect, useState } from "react";
import { whenIdle } from "./whenIdle.js";

type DeferredModule<M> = { module: M | undefined; error: Error | undefined };

export function useDeferredModule<M>(load: () => Promise<M>, ready: boolean): DeferredModule<M> {
  const [state, setState] = useState<DeferredModule<M>>({ module: undefined, error: undefined });
  const loaded = state.module !== undefined;
  useEffect(() => {
    if (!ready || loaded) return;
    let current = true;
    const start = () => {
      load().then(
        (module) => current && setState({ module, error: undefined }),
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          if (current) setState({ module: undefined, error: failure });
        },
      );
    };
    const cancel = whenIdle(start, 1_000);
    return () => {
      current = false;
      cancel();
    };
  }, [load, ready, loaded]);
  return state;
}
