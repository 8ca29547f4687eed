import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core run in a page under test: every rule, every impact. Injected by
 * evaluating its source through the DevTools protocol, which an extension
 * page's CSP (no inline or eval'd script) does not apply to.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  readonly target: readonly unknown[];
  readonly failureSummary?: string;
}
interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly AxeNode[];
}

/** One line per failing element: "<state>: <rule> (<impact>) <selector>: <why>". */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  }) as AxeViolation[];
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${state}: ${v.id} (${v.impact ?? 'no impact'}) ${n.target.map(String).join(' > ')}: ${v.help}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''}`),
  );
}
