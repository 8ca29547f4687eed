import { browser } from 'wxt/browser';

/**
 * The address bar's extension API as Vantage uses it, and how each browser
 * wants a suggestion's description written.
 */

/** A piece of a suggestion's description, optionally styled. */
export interface DescriptionPart {
  readonly text: string;
  readonly style?: 'match' | 'dim' | 'url';
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element: a label holding `<` or `&` would otherwise break (or restyle) the suggestion. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/**
 * The description as the browser takes it. compat(firefox): Chromium parses it as XML with
 * `<match>`, `<dim>` and `<url>`; Firefox shows the text as written (its omnibox has no styles), so
 * tags would appear literally. Drop the plain branch if Firefox ever takes the markup.
 */
export function describeSuggestion(parts: readonly DescriptionPart[], markup: boolean = !import.meta.env.FIREFOX): string {
  if (!markup) return parts.map((p) => p.text).join('');
  return parts.map((p) => (p.style ? `<${p.style}>${xmlEscape(p.text)}</${p.style}>` : xmlEscape(p.text))).join('');
}

/** Where an entered suggestion should open, as the browser says (Enter, Alt+Enter, …). */
export type Disposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

/** The omnibox API, or undefined where the browser has none (Firefox for Android). */
export function omniboxApi(): typeof browser.omnibox | undefined {
  // The types declare omnibox always present; Firefox for Android leaves it out.
  const omnibox: typeof browser.omnibox | undefined = browser.omnibox;
  return omnibox;
}
