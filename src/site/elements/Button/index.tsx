import type { ElementProps } from '../../render/types';
import { BUTTON_PRIMARY } from '../../ui/button';
import { siteIcon } from '../../ui/icons';
import { JUSTIFY } from '../../ui/responsive';
import { SiteLink } from '../../ui/SiteLink';
import { CSS_ICON } from '../../ui/iconAttributes';

export default function Button({ url, icon, text, alignment }: ElementProps<'button'>) {
  const Icon = icon ? siteIcon(icon) : null;
  const label = text || url.label;
  return (
    <div className={`flex ${JUSTIFY[alignment]}`}>
      <SiteLink link={url} className={`${BUTTON_PRIMARY} group`} aria-label={text ? undefined : url.label}>
        {label ? <span>{label}</span> : null}
        {Icon ? (
          <Icon {...CSS_ICON} aria-hidden className="size-5 transition-transform group-hover:translate-x-0.5" />
        ) : null}
      </SiteLink>
    </div>
  );
}
