import type { DescriptionPart } from '@/lib/platform/omnibox.ts';
import { checkAddress } from '@/lib/score/address.ts';
import { t } from '@/lib/i18n/index.ts';
import { inputHint, type OmniboxInput } from './parse.ts';

/**
 * The address bar's suggestions while the user types `vt …`: addresses from
 * the user's own lists (recent lookups, the watchlist), pinned and recent projects,
 * filtered by what was typed. Pure, and local: nothing typed here is sent
 * anywhere; the browser shows the suggestions, and a lookup starts only when
 * one is entered.
 */

/** An address the user has dealt with, to offer again. */
export interface SuggestionCandidate {
  readonly address: string;
  readonly model: string;
  /** Shown dimmed after the address, e.g. a watchlist name. */
  readonly label?: string;
}

/** A list of candidates (recent lookups, the watchlist), read afresh for each keystroke. */
export interface SuggestionSource {
  list(): Promise<SuggestionCandidate[]>;
}

export interface OmniboxSuggestion {
  /** What the address bar puts in place of the input, and what is entered when it is picked. */
  readonly content: string;
  readonly description: readonly DescriptionPart[];
}

/** Chromium shows at most this many extension suggestions (Firefox about as many). */
export const MAX_SUGGESTIONS = 6;

/** `text` with the first case-insensitive occurrence of `word` styled as a match. */
export function highlight(text: string, word: string): DescriptionPart[] {
  const at = word ? text.toLowerCase().indexOf(word.toLowerCase()) : -1;
  if (at < 0) return [{ text }];
  const parts: DescriptionPart[] = [];
  if (at > 0) parts.push({ text: text.slice(0, at) });
  parts.push({ text: text.slice(at, at + word.length), style: 'match' });
  if (at + word.length < text.length) parts.push({ text: text.slice(at + word.length) });
  return parts;
}

/**
 * A translated line whose `{name}` placeholders are filled with styled parts
 * (the message is asked for with the placeholders kept, so translators still
 * order the whole line): `fill(t(key, { project: '{project}' }), { project: […] })`.
 */
export function fill(text: string, parts: Readonly<Record<string, readonly DescriptionPart[]>>): DescriptionPart[] {
  return text.split(/\{([A-Za-z0-9_]+)\}/).flatMap((piece, i) => (i % 2 === 0 ? (piece ? [{ text: piece }] : []) : [...(parts[piece] ?? [{ text: `{${piece}}` }])]));
}

/** Whether every typed word occurs in one of the fields (an empty input matches everything). */
function matches(words: readonly string[], fields: readonly string[]): boolean {
  const hay = fields.map((f) => f.toLowerCase());
  return words.every((w) => hay.some((h) => h.includes(w)));
}

/** The projects the user has dealt with: pinned ones in the user's order, then recent ones. */
export interface KnownProjects {
  readonly pinned: readonly string[];
  readonly recent: readonly string[];
}

/** Whether a project matches what was typed: one word at most, found in its id. */
function projectMatches(words: readonly string[], project: string): boolean {
  return words.length <= 1 && (!words[0] || project.toLowerCase().includes(words[0]));
}

/**
 * Suggestions for `text`: matching pinned projects first (the user chose to
 * follow them), then matching addresses (in the sources' order, each address
 * and model once), then the other matching projects; at most `limit`.
 */
export function buildSuggestions(
  text: string,
  candidates: readonly SuggestionCandidate[],
  projects: KnownProjects,
  limit = MAX_SUGGESTIONS,
): OmniboxSuggestion[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const typed = text.trim();
  const out: OmniboxSuggestion[] = [];
  const seen = new Set<string>();
  const add = (s: OmniboxSuggestion) => {
    const key = s.content.toLowerCase();
    // The input itself is the default suggestion already.
    if (seen.has(key) || key === typed.toLowerCase()) return;
    seen.add(key);
    out.push(s);
  };
  const project = (p: string, key: 'omnibox.pinnedDashboardOf' | 'omnibox.dashboardOf') => {
    if (projectMatches(words, p)) add({ content: p, description: fill(t(key, { project: '{project}' }), { project: highlight(p, words[0] ?? '') }) });
  };
  for (const p of projects.pinned) project(p, 'omnibox.pinnedDashboardOf');
  for (const c of candidates) {
    const checked = checkAddress(c.address);
    const model = c.model.trim();
    if (!checked.ok || !model || /\s/.test(model)) continue;
    if (!matches(words, [checked.address, model, c.label ?? ''])) continue;
    add({
      content: `${checked.checksummed} ${model}`,
      description: [
        ...highlight(checked.checksummed, words[0] ?? ''),
        { text: ` ${model}${c.label ? ` · ${c.label}` : ''}`, style: 'dim' },
      ],
    });
  }
  for (const p of projects.recent) project(p, 'omnibox.dashboardOf');
  return out.slice(0, limit);
}

/** The first line, describing what Enter does with the input as typed. */
export function defaultSuggestion(input: OmniboxInput): DescriptionPart[] {
  switch (input.kind) {
    case 'empty':
      return [{ text: inputHint() }];
    case 'address':
      return fill(t('omnibox.scoreOf', { address: '{address}', model: '{model}' }), {
        address: [{ text: input.checksummed, style: 'match' }],
        model: [{ text: input.scoreId ? t('omnibox.withModel', { model: input.scoreId }) : t('omnibox.withDefaultModel'), style: 'dim' }],
      });
    case 'project':
      return fill(t('omnibox.dashboardOf', { project: '{project}' }), { project: [{ text: input.project, style: 'match' }] });
    case 'invalid':
      return [{ text: inputHint() }, { text: ` (${input.message})`, style: 'dim' }];
  }
}
