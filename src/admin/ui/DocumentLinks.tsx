import { useEffect } from 'react';
import type { ModelInfo } from '../../shared/registry';
import { expandLink } from '../core/links/expandLink';
import { useOpenLink } from '../core/links/useOpenLink';
import { navIcon } from '../core/nav/icons';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { Tooltip } from './Tooltip';

const ERROR_SHOWN_MS = 6000;

/**
 * The files the API renders from a document (`x-admin.links`, e.g. the invoice PDF): buttons in the
 * edit page header, icons in a list row. A refusal of the API shows its message in a tooltip.
 */
export function DocumentLinks({
  model,
  doc,
  compact = false,
}: {
  model: Pick<ModelInfo, 'links'>;
  doc: Record<string, unknown>;
  compact?: boolean;
}) {
  const { open, pending, error, clearError } = useOpenLink();
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(clearError, ERROR_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [error, clearError]);
  const links = model.links
    .map((link) => ({ ...link, path: expandLink(link.href, doc) }))
    .filter((link): link is typeof link & { path: string } => link.path !== undefined);
  if (links.length === 0) return null;
  return (
    <>
      {links.map((link) => {
        const Icon = link.icon ? navIcon(link.icon) : navIcon('FileText');
        const busy = pending === link.path;
        const icon = busy ? <Spinner className="size-4" /> : <Icon aria-hidden className="size-4" />;
        const button = compact ? (
          <button
            type="button"
            aria-label={link.label}
            title={link.label}
            data-link={link.path}
            onClick={() => void open(link.path)}
            className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            {icon}
          </button>
        ) : (
          <Button data-link={link.path} onClick={() => void open(link.path)}>
            {icon}
            {link.label}
          </Button>
        );
        return (
          <Tooltip
            key={link.href}
            open={error?.path === link.path}
            content={<span role="alert">{error?.message}</span>}
            tone="error"
          >
            {button}
          </Tooltip>
        );
      })}
    </>
  );
}
