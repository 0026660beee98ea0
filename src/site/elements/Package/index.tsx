import type { ElementProps } from '../../render/types';
import { formatMoney } from '../../../shared/format/money';
import { InlineText } from '../../render/InlineText';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from '../../ui/button';
import { SiteLink } from '../../ui/SiteLink';

/** A pricing card that fills its grid cell; the highlighted one carries the primary colour and a badge. */
export default function Package({ title, text, price, list, button, highlight }: ElementProps<'special.package'>) {
  return (
    <article className={`site-package ${highlight ? 'shadow-xl ring-2 ring-brand' : 'shadow-sm ring-1 ring-ink/10'}`}>
      {highlight ? (
        <span className="absolute -top-3.5 left-7 rounded-full bg-brand px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Empfohlen
        </span>
      ) : null}
      <div className="flex flex-col gap-3">
        {title ? <h3 className="site-card-title">{title}</h3> : null}
        {text ? (
          <div className="flex flex-col gap-2 text-base leading-relaxed text-ink">
            <InlineText text={text} />
          </div>
        ) : null}
      </div>
      {typeof price === 'number' ? <p className="site-price">{formatMoney(price, 'CHF')}</p> : null}
      {list.length ? (
        <ul className="flex flex-col gap-3 border-t border-ink/10 pt-6">
          {list.map((item, index) => (
            <li key={index} className="site-check-item">
              <span>{item}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {button.label ? (
        <SiteLink link={button} className={`${highlight ? BUTTON_PRIMARY : BUTTON_SECONDARY} mt-auto w-full`} />
      ) : null}
    </article>
  );
}
