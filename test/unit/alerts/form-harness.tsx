import { render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AlertForm } from '@/components/alerts/AlertForm.tsx';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { filters } from './fixtures.ts';

/**
 * The alert form as a person uses it: rendered, a value typed, Save pressed;
 * the worker's `alerts.save` answered by a fake that records what it was sent.
 * Call at a test file's top level (it registers the hooks).
 */
export function useAlertForm() {
  const root = useRenderRoot();
  const saved: unknown[] = [];
  beforeEach(() => {
    saved.length = 0;
    fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
      const m = message as { type: string; payload: { rule: AlertRule } };
      if (m.type !== 'alerts.save') return undefined;
      saved.push(m.payload.rule.condition);
      return { ok: true, value: { ...m.payload.rule, id: 'r1', paused: false, createdAt: 0 } };
    });
  });
  const field = () => root().querySelector<HTMLInputElement>('input[type="text"]')!;
  return {
    saved,
    field,
    status: () => root().querySelector('[role="status"]')!.textContent,
    async open(props: { metric?: AlertRule['metric']; rule?: AlertRule } = {}) {
      // A fresh form each time, as Options mounts one per edit.
      await act(() => render(null, root()));
      await act(() => render(<AlertForm metrics={[props.rule?.metric ?? props.metric ?? 'dailyUsers']} filters={filters} rule={props.rule} onDone={() => undefined} />, root()));
    },
    async choose(kind: 'above' | 'below' | 'change') {
      await act(() => {
        // One metric: the only select is the condition's.
        const select = root().querySelector('select')!;
        select.value = kind;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    async save(text: string) {
      await act(() => {
        field().value = text;
        field().dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(() => {
        root().querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
    },
  };
}
