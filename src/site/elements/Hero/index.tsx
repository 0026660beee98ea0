import type { ElementProps } from '../../render/types';
import { InlineText } from '../../render/InlineText';
import { SiteImage } from '../../ui/SiteImage';

/** The opening block: large title and text over the background photo (loaded first, with high priority). */
export default function Hero({ title, text, background, children }: ElementProps<'hero'>) {
  const photo = Boolean(background?.file);
  return (
    <section
      className={`relative isolate overflow-hidden ${photo ? 'on-dark bg-heading' : 'bg-gradient-to-br from-brand/10 via-page to-page'}`}
    >
      {photo ? (
        <>
          <SiteImage
            image={background}
            preset="fullWidth"
            priority
            className="absolute inset-0 -z-10 size-full object-cover"
          />
          <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-black/75 via-black/50 to-black/10" />
        </>
      ) : null}
      <div className="mx-auto flex min-h-[32rem] w-full max-w-6xl flex-col justify-center gap-6 px-5 py-20 md:min-h-[40rem] md:px-8 md:py-28">
        {title ? (
          <h1 className="max-w-3xl text-balance text-4xl font-bold leading-[1.08] tracking-tight text-heading sm:text-5xl md:text-6xl">
            {title}
          </h1>
        ) : null}
        {text ? (
          <div className="flex max-w-2xl flex-col gap-4 text-lg leading-relaxed text-ink md:text-xl">
            <InlineText text={text} />
          </div>
        ) : null}
        {children ? <div className="mt-2 flex flex-wrap gap-4">{children}</div> : null}
      </div>
    </section>
  );
}
