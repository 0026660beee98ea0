import type { ComponentProps } from 'react';

/**
 * Preformatted text in a box of limited height that scrolls: it takes focus, so a keyboard scrolls
 * it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollablePre(props: ComponentProps<'pre'>) {
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus to scroll by keyboard
  return <pre tabIndex={0} {...props} />;
}
