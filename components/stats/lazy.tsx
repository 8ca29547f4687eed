import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A component whose code loads on first use (dynamic import), keeping it out
 * of the popup's first bundle; `fallback` shows meanwhile.
 */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>, fallback: () => preact.JSX.Element | null = () => null): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  return function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (!Component) void load().then((c) => setComponent(() => (loaded = c)));
    }, []);
    return Component ? <Component {...props} /> : fallback();
  };
}
