import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code loads on first use (dynamic import), keeping it out
 * of the popup's first bundle; `fallback` shows meanwhile, and `failure`, if
 * given, replaces it when the code cannot be loaded.
 */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => preact.JSX.Element | null = () => null,
  failure?: () => preact.JSX.Element | null,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Component) return;
      let live = true;
      void load().then(
        (c) => {
          loaded = c;
          if (live) setComponent(() => c);
        },
        failure && (() => live && setFailed(true)),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failed && failure) return failure();
    return Component ? <Component {...props} /> : fallback();
  };
}
