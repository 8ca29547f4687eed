import { useEffect, useState } from 'preact/hooks';
import type { ComponentType } from 'preact';

/**
 * A panel whose code loads when its tab is first shown, so the popup's
 * first paint carries only the default tab's code.
 */
export function lazyPanel(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  return function LazyPanel() {
    const [Panel, setPanel] = useState<ComponentType | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Panel) return;
      let live = true;
      load().then(
        (p) => {
          loaded = p;
          if (live) setPanel(() => p);
        },
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [Panel]);
    if (failed) return <p class="status-error">This part of Vantage could not be loaded. Reopen the popup.</p>;
    return Panel ? <Panel /> : <div class="skeleton" style={{ height: '8em' }} aria-busy="true" />;
  };
}
