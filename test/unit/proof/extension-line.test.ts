import { describe, expect, it } from 'vitest';
import { extensionLine, type LinePort } from '@/lib/proof/extension-line.ts';

/** A runtime port whose disconnect the test fires, as the browser would. */
class FakeLinePort implements LinePort {
  private readonly listeners: (() => void)[] = [];
  closedByUs = false;
  readonly onDisconnect = { addListener: (fn: () => void) => void this.listeners.push(fn) };
  disconnect(): void {
    this.closedByUs = true;
  }
  drop(): void {
    for (const fn of this.listeners) fn();
  }
}

function setup() {
  const ext = { alive: true, gone: 0, throws: false };
  const ports: FakeLinePort[] = [];
  const line = extensionLine({
    connect: () => {
      if (ext.throws) throw new Error('Extension context invalidated.');
      const p = new FakeLinePort();
      ports.push(p);
      return p;
    },
    alive: () => ext.alive,
    onGone: () => void ext.gone++,
  });
  return { ext, ports, line };
}

describe('the relay’s line to the worker (#25)', () => {
  it('opens while something is pending, and closes when nothing is', () => {
    const { ports, line } = setup();
    line.want(true);
    line.want(true);
    expect(ports).toHaveLength(1);
    line.want(false);
    expect(ports[0]!.closedByUs).toBe(true);
  });

  it('a disconnect after the extension went away is the news: onGone', () => {
    const { ext, ports, line } = setup();
    line.want(true);
    ext.alive = false;
    ports[0]!.drop();
    expect(ext.gone).toBe(1);
  });

  it('a worker that stopped while idle is no update: no onGone, and the line opens again only when the worker next speaks', () => {
    const { ext, ports, line } = setup();
    line.want(true);
    ports[0]!.drop();
    expect(ext.gone).toBe(0);
    expect(ports).toHaveLength(1);
    line.heard();
    expect(ports).toHaveLength(2);
    line.heard();
    expect(ports).toHaveLength(2);
  });

  it('a line that cannot be opened (context invalidated) is the news too', () => {
    const { ext, line } = setup();
    ext.throws = true;
    line.want(true);
    expect(ext.gone).toBe(1);
  });
});
