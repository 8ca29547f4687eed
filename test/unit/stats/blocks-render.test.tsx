// @vitest-environment happy-dom
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { describe, expect, it } from 'vitest';
import { Blocks, FIRST_FRAME_BLOCKS } from '@/components/stats/Blocks.tsx';
import { useRenderRoot } from '@/test/unit/render-root.ts';
import { eventually } from '@/test/unit/eventually.ts';

const rootNow = useRenderRoot();
const shown = () => [...rootNow().querySelectorAll('[data-id]')].map((e) => e.getAttribute('data-id'));

describe('Blocks', () => {
  it('paints the first block in the first frame with a placeholder for the rest, which follow it; none is mounted twice', async () => {
    const mounts: string[] = [];
    function Stub({ id }: { id: string }) {
      useState(() => mounts.push(id));
      return <article data-id={id} />;
    }
    render(
      <Blocks>
        <Stub id="a" />
        <Stub id="b" />
        <Stub id="c" />
        <Stub id="d" />
      </Blocks>,
      rootNow(),
    );
    // The first frame: render() has returned, no effect has run yet.
    expect(FIRST_FRAME_BLOCKS).toBe(1);
    expect(shown()).toEqual(['a']);
    expect(rootNow().querySelectorAll('.blocks > .skeleton-block[aria-busy="true"]')).toHaveLength(1);
    await eventually(() => expect(shown()).toEqual(['a', 'b', 'c', 'd']));
    expect(mounts).toEqual(['a', 'b', 'c', 'd']);
    expect(rootNow().querySelector('.blocks')!.children).toHaveLength(4);
    expect(rootNow().querySelector('.skeleton-block')).toBeNull();
  });

  it('holds no placeholder when every block fits the first frame', () => {
    render(<Blocks><article data-id="only" /></Blocks>, rootNow());
    expect(shown()).toEqual(['only']);
    expect(rootNow().querySelector('.skeleton-block')).toBeNull();
  });
});
