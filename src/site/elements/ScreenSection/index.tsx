import type { ElementProps } from '../../render/types';
import { SiteImage } from '../../ui/SiteImage';

/** At least a screen tall; over a background image the content turns light on a darkening veil. */
export default function ScreenSection({ children, background }: ElementProps<'screenSection'>) {
  const dark = Boolean(background?.file);
  return (
    <section
      className={`relative isolate flex min-h-svh items-center overflow-hidden ${dark ? 'on-dark bg-heading' : 'bg-brand/5'}`}
    >
      {dark ? (
        <>
          <SiteImage image={background} preset="fullWidth" className="absolute inset-0 -z-10 size-full object-cover" />
          <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-black/55 via-black/35 to-black/60" />
        </>
      ) : null}
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-5 py-24 md:px-8">{children}</div>
    </section>
  );
}
