import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { LinkValue } from '../../shared/generated/types';
import { useSite } from '../context';
import { phoneLinkClass } from '../render/inlineMarkup';
import { externalAttributes, linkHref } from './links';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  link: LinkValue | undefined;
  children?: ReactNode;
};

/**
 * A plain <a> for a link value (the client entry turns same-site clicks into router navigation).
 * Without a usable address it renders its children in a <span>, so a half-filled link never breaks the page.
 */
export function SiteLink({ link, children, className, ...rest }: Props): ReactNode {
  const { pagePaths } = useSite();
  const href = linkHref(link, pagePaths);
  const content = children ?? link?.label;
  if (!href) return <span className={className}>{content}</span>;
  return (
    <a
      href={href}
      className={[className, phoneLinkClass(href)].filter(Boolean).join(' ') || undefined}
      {...externalAttributes(href)}
      {...rest}
    >
      {content}
    </a>
  );
}
