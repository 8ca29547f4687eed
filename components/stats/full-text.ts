import type { ComponentChildren } from 'preact';

/**
 * A table's name cell is cut with an ellipsis where the popup is narrow (or the words long): a plain
 * text is given in full on hover (a cell that is an element names itself, as Short does).
 */
export function fullText(content: ComponentChildren): string | undefined {
  return typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
}
