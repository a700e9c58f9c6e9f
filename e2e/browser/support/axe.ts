import * as fs from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser build (pure JS), read once. */
let axeSource: string | undefined;
const source = () => (axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** The impacts the accessibility suite refuses (issue 17 point 16): a screen reader or keyboard user is blocked or badly hindered. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** One failed axe rule on one screen, with the elements it found, as a person would report it. */
export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (at most five), each with axe's summary of what to fix. */
  nodes: { target: string; summary: string; html: string }[];
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string; html: string }[] }[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules and axe's best practices) on the page as it is now and answers
 * its serious and critical violations. axe's source is evaluated in the page once per document.
 */
export async function axeFindings(page: Page, screen: string): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline <script>, so
  // `page.addScriptTag({ content })` would be blocked (and reported as a CSP violation), and turning CSP off would hide real ones.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })) as AxeResults;
  });
  return results.violations
    .filter((violation) => (BLOCKING_IMPACTS as readonly string[]).includes(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        html: node.html,
      })),
    }));
}

/**
 * Fluent UI's focus manager (tabster) puts `<i tabindex="0" aria-hidden="true" data-tabster-dummy>` around
 * tab lists, menus and dialogs: focus landing on one is moved on at once, and hiding it keeps screen readers
 * from announcing it. axe's aria-hidden-focus rule flags each one (microsoft/tabster#288, microsoft/fluentui#25133,
 * a documented false positive of Fluent v9). Only that rule on only those elements counts as this case.
 */
export function isTabsterDummy(finding: AxeFinding): boolean {
  return finding.rule === 'aria-hidden-focus' && finding.nodes.every((node) => node.html.includes('data-tabster-dummy'));
}

/** The findings as readable lines for a failing assertion: `screen: rule (impact) help — target: summary`. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.flatMap((finding) => finding.nodes.map((node) => `${finding.screen}: ${finding.rule} (${finding.impact}) ${finding.help} — ${node.target}: ${node.summary}`));
}
