import { useEffect } from 'preact/hooks';
import { startBuildCheck } from '@/components/build/BuildNotice.tsx';
import { AttentionBanner } from './AttentionBanner.tsx';

/**
 * What the popup has to say above its tabs, loaded after its first paint:
 * the attention banner, and the build check (components/build/), which
 * follows the builds the worker's replies to the popup's own messages name,
 * and shows its notice in a root of its own.
 */
export function PopupNotices() {
  useEffect(() => startBuildCheck({ reopen: true }), []);
  return <AttentionBanner />;
}
