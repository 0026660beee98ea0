import { Smartphone } from 'lucide-react';
import type { ElementProps } from '../../render/types';
import { safeHref } from '../../render/inlineMarkup';
import { BUTTON_SECONDARY } from '../../ui/button';
import { SiteImage } from '../../ui/SiteImage';
import { PhoneFrame } from '../Phone/PhoneFrame';
import { CSS_ICON } from '../../ui/iconAttributes';

/** The live page in a phone next to a QR code; on a phone the QR code gives way to a direct link. */
export default function PhoneScanQr({ qr, iframe }: ElementProps<'phoneScanQr'>) {
  const href = iframe ? safeHref(iframe) : null;
  return (
    <div className="grid items-center gap-10 md:grid-cols-2">
      <PhoneFrame iframe={iframe} title="Live-Vorschau" />
      <div className="flex flex-col items-center gap-5 text-center md:items-start md:text-left">
        <div className="hidden rounded-2xl bg-white p-4 shadow-lg ring-1 ring-ink/10 md:block">
          <SiteImage image={qr} preset="quote" sizes="160px" className="size-40 object-contain" />
        </div>
        <p className="hidden max-w-xs text-lg text-ink md:block">
          Scannen Sie den Code mit Ihrem Smartphone, um die Seite selbst auszuprobieren.
        </p>
        {href ? (
          <a href={href} className={`${BUTTON_SECONDARY} md:hidden`}>
            <Smartphone {...CSS_ICON} aria-hidden className="size-5" />
            Auf dem Smartphone öffnen
          </a>
        ) : null}
      </div>
    </div>
  );
}
