import type { ReactNode } from 'react';
import type { ImageRefValue } from '../../../shared/generated/types';
import { safeHref } from '../../render/inlineMarkup';
import { SiteImage } from '../../ui/SiteImage';

/** A smartphone mock-up (390 x 844 screen) with a live page or a screenshot inside. */
export function PhoneFrame({
  image,
  iframe,
  title,
}: {
  image?: ImageRefValue;
  iframe?: string;
  title: string;
}): ReactNode {
  const src = iframe ? safeHref(iframe) : null;
  return (
    <div className="mx-auto w-full max-w-[18rem] rounded-[2.75rem] bg-neutral-900 p-3 shadow-2xl ring-1 ring-black/10">
      <div className="relative aspect-[390/844] overflow-hidden rounded-[2.1rem] bg-white">
        <div
          aria-hidden
          className="absolute top-2 left-1/2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-neutral-900"
        />
        {src ? (
          <iframe
            src={src}
            title={title}
            loading="lazy"
            className="size-full border-0"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          />
        ) : (
          <SiteImage image={image} preset="phonePreview" sizes="288px" className="size-full object-cover" />
        )}
      </div>
    </div>
  );
}
