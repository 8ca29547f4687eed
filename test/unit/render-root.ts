import { render } from 'preact';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * A fresh element to render a component into for each test (happy-dom), unmounted and
 * removed after it, with the fake browser reset. Returns a getter for the current root.
 */
export function useRenderRoot(): () => HTMLElement {
  let root: HTMLElement;
  beforeEach(() => {
    fakeBrowser.reset();
    root = document.createElement('div');
    document.body.append(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });
  return () => root;
}
