import { Quote as QuoteMark } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { InlineText } from '../../render/InlineText';
import { SiteImage } from '../../ui/SiteImage';
import { CSS_ICON } from '../../ui/iconAttributes';

const ALIGN = {
  left: 'items-start text-left',
  center: 'items-center text-center mx-auto',
  right: 'items-end text-right ml-auto',
  justify: 'items-start text-justify',
} as const;

export default function Quote({ quote, name, image, alignment }: ElementProps<'quote'>) {
  return (
    <figure className={`flex max-w-3xl flex-col gap-6 ${ALIGN[alignment]}`}>
      <QuoteMark {...CSS_ICON} aria-hidden className="size-10 fill-brand/15 text-brand/60" strokeWidth={1.5} />
      <blockquote className="flex flex-col gap-3 text-xl font-medium leading-relaxed text-heading md:text-2xl">
        <InlineText text={quote} />
      </blockquote>
      {name || image?.file ? (
        <figcaption className="flex items-center gap-4">
          <SiteImage image={image} preset="quote" sizes="56px" className="size-14 rounded-full object-cover" />
          {name ? <span className="text-base text-ink">{name}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
