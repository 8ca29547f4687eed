import { toChildArray, type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Loading } from './Block.tsx';

/**
 * How many blocks the first frame holds: what a 600 px popup shows before any scrolling, all but the next
 * block's head. The dashboard, which shows more at once, gets the rest one frame later too.
 */
export const FIRST_FRAME_BLOCKS = 1;

/**
 * A section's blocks, the first ones first: the first frame holds the blocks
 * on screen, and a placeholder where the rest follow once it is painted. Building every block of
 * a section (its answer read into a view, its DOM) before the first frame
 * cost a cached popup open ~10 ms of blocks nobody could see yet
 * (`npm run bench:popup`). The first blocks keep their places when the rest
 * arrive: nothing is mounted twice.
 */
export function Blocks({ children }: { children: ComponentChildren }) {
  const [all, setAll] = useState(false);
  // Preact runs effects after the browser has painted the frame.
  useEffect(() => setAll(true), []);
  const blocks = toChildArray(children);
  const later = !all && blocks.length > FIRST_FRAME_BLOCKS;
  return (
    <div class="blocks">
      {later ? blocks.slice(0, FIRST_FRAME_BLOCKS) : blocks}
      {later && <Loading />}
    </div>
  );
}
