import type { CSSProperties } from 'react';
import type { ResponsiveValueValue, StylePropertiesValue } from '../../shared/generated/types';
import { cssSizeToString, type CssSize } from '../../shared/format/cssSize';

/**
 * Responsive values become two CSS custom properties (desktop and mobile) that static Tailwind
 * classes read below and above 768 px, so server and browser render the same markup.
 */
export function responsiveVariables(name: string, value: ResponsiveValueValue | undefined): Record<string, string> {
  if (!value?.desktop && !value?.mobile) return {};
  const desktop = cssSizeToString((value.desktop ?? value.mobile) as Partial<CssSize>);
  const mobile = value.mobile ? cssSizeToString(value.mobile as Partial<CssSize>) : desktop;
  return { [`--${name}`]: desktop, [`--${name}-m`]: mobile };
}

// Complete class names so Tailwind finds them in the source.
const WIDTH = 'w-(--bk-w-m) md:w-(--bk-w) max-w-full';
const HEIGHT = 'h-(--bk-h-m) md:h-(--bk-h)';
const GAP = 'gap-(--bk-gap-m) md:gap-(--bk-gap)';

/** Class names and inline style for the style properties of a flex container (row, column, container, image). */
export function styleProperties(style: StylePropertiesValue | undefined): { className: string; style: CSSProperties } {
  const classes: string[] = [];
  const css: Record<string, string> = {};
  if (style?.width) {
    classes.push(WIDTH);
    Object.assign(css, responsiveVariables('bk-w', style.width));
  }
  if (style?.height) {
    classes.push(HEIGHT);
    Object.assign(css, responsiveVariables('bk-h', style.height));
  }
  if (style?.gap) {
    classes.push(GAP);
    Object.assign(css, responsiveVariables('bk-gap', style.gap));
  }
  if (style?.flexDirection) css.flexDirection = style.flexDirection;
  if (style?.justifyContent) css.justifyContent = style.justifyContent;
  if (style?.alignItems) css.alignItems = style.alignItems;
  return { className: classes.join(' '), style: css as CSSProperties };
}

export const TEXT_ALIGN = {
  left: 'text-left',
  center: 'text-center mx-auto',
  right: 'text-right ml-auto',
  justify: 'text-justify',
} as const;

/** Horizontal placement of a block (buttons, quotes) by alignment. */
export const JUSTIFY = {
  left: 'justify-start',
  center: 'justify-center',
  right: 'justify-end',
  justify: 'justify-start',
} as const;
