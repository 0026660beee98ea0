import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's WCAG 2.1 A and AA rules, run in a page of the browser tests (the admin's and the public
 * site's accessibility tests). A finding names the rule and the first elements it concerns.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  rule: string;
  help: string;
  elements: string[];
}

/** The violations of the page as it is now. */
export async function audit(page: Page): Promise<Finding[]> {
  // Colours as they settle: a button fading back from its green 'saved' state would be measured half-way.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(AXE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      elements: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  }, TAGS);
}
