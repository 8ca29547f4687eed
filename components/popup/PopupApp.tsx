import { createContext, type ComponentType } from 'preact';
import { useContext, useState } from 'preact/hooks';

/**
 * The popup shell: one tab per job. Each panel is its own component, owned by
 * its feature; a panel mounts only when its tab is shown, so its requests
 * start only then.
 */
export interface PopupTab {
  readonly id: string;
  readonly label: string;
  readonly Panel: ComponentType;
}

/** Lets a panel bring another tab forward (the Projects view opens a project in Stats). */
const PopupNav = createContext<(tab: string) => void>(() => undefined);

/** A function showing the tab of that id, with focus on it. */
export function useShowTab(): (tab: string) => void {
  return useContext(PopupNav);
}

/** `notice`: shown above the tabs when it has something to say (AttentionBanner). */
export function PopupApp({ tabs, initial, notice: Notice }: { tabs: readonly PopupTab[]; initial?: string; notice?: ComponentType }) {
  const [active, setActive] = useState(initial ?? tabs[0]?.id);
  const current = tabs.find((t) => t.id === active) ?? tabs[0];
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = tabs.findIndex((t) => t.id === current?.id);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    setActive(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  const show = (id: string) => {
    if (!tabs.some((t) => t.id === id)) return;
    setActive(id);
    // After the new tab renders: the keyboard user lands on it, as if it had been chosen.
    requestAnimationFrame(() => document.getElementById(`tab-${id}`)?.focus());
  };
  return (
    <PopupNav.Provider value={show}>
      <main class="popup">
        {/* The popup has no visible title (the toolbar icon is its title); screen readers still get one. */}
        <h1 class="sr-only">Vantage</h1>
        {Notice && <Notice />}
        <nav role="tablist" aria-label="Vantage" class="popup-tabs" onKeyDown={onKeyDown}>
          {tabs.map((t) => (
            <button
              key={t.id}
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={t.id === current?.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={t.id === current?.id ? 0 : -1}
              onClick={() => setActive(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
        {current && (
          <section role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} class="popup-panel">
            {/* Names the panel in the heading outline, so its own headings (h2, h3) follow in order. */}
            <h2 class="sr-only">{current.label}</h2>
            <current.Panel />
          </section>
        )}
      </main>
    </PopupNav.Provider>
  );
}
