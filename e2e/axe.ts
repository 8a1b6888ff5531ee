import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { transitionsEnded } from './helpers.ts';

type AxeNode = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** WCAG 2.1 level A and AA: the rules the product promises to meet. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS: readonly (string | null | undefined)[] = ['serious', 'critical'];

/**
 * Waits until nothing on the page is loading (no busy region, no progress indicator) and every
 * transition has ended: a dialog fading in shows its colours half blended.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await transitionsEnded(page);
}

/**
 * The serious and critical WCAG violations on the page (or inside `include`), one line per
 * rule: its id, impact and each node's target with what it failed.
 */
export async function blockingViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.includes(violation.impact))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ` +
        violation.nodes.map((node) => `${node.target.join(' ')} ${nodeMessage(node)}`).join(' | '),
    );
}

/** What a node failed, e.g. the contrast it has and the one it needs. */
function nodeMessage(node: AxeNode): string {
  const check = node.any[0] ?? node.all[0] ?? node.none[0];
  return check ? `(${check.message})` : '';
}

/**
 * Checks the settled page (or the part inside `include`) and records a soft failure naming
 * the screen, so one run lists every screen with a problem.
 */
export async function expectAccessible(page: Page, screen: string, include?: string) {
  await settle(page);
  expect.soft(await blockingViolations(page, include), `axe on ${screen}`).toEqual([]);
}
