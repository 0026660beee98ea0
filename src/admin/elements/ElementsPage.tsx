import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { documentTitle } from '../../shared/admin/titles';
import type { ElementInfo } from '../../shared/registry';
import { colorCss } from '../../shared/site/config';
import { SiteContext, type SiteContextValue } from '../../site/context';
import { installStorySplats } from '../../site/elements/gaussian/storySplats';
import { RenderElement } from '../../site/render/RenderElements';
import { useAdmin } from '../core/AdminContext';
import { useSiteConfig } from '../pages/PageEditorPage';
import { PreviewFrame } from '../pages/preview/PreviewFrame';
import { PageHeader } from '../ui/PageHeader';

// The 3D examples name sample splats by ids no file store holds (as in Storybook): serve those ids the
// generated splats, or the first example on this page said 'Die 3D-Ansicht konnte nicht geladen werden'.
installStorySplats();

/** Elements that bring their own band and width; the others are shown at content width, as inside a section. */
const FULL_BLEED = new Set(['navigation', 'footer', 'hero', 'screenSection', 'section', 'content']);

const noSubmit: SiteContextValue['api'] = {
  submitForm: () => Promise.reject(new Error('Examples do not submit')),
  contact: () => Promise.reject(new Error('Examples do not submit')),
  event: () => Promise.reject(new Error('Examples do not submit')),
};

function Examples({ info }: { info: ElementInfo }) {
  const config = useSiteConfig();
  const site = useMemo<SiteContextValue>(
    () => ({ config, page: { _id: 'elements', path: '/_/elements' }, pagePaths: {}, api: noSubmit }),
    [config],
  );
  const examples = info.examples.length ? info.examples : [info.defaults];
  return (
    <PreviewFrame title={`${info.label} examples`} width="100%" colorCss={colorCss(config)}>
      <SiteContext.Provider value={site}>
        {examples.map((props, i) => (
          <div key={`${info.tag}:${i}`} data-example={i} style={{ borderBottom: '1px dashed #e4e4e7' }}>
            {FULL_BLEED.has(info.tag) ? (
              <RenderElement tag={info.tag} props={props} />
            ) : (
              <div style={{ margin: '0 auto', maxWidth: '72rem', padding: '3rem 1.5rem' }}>
                <RenderElement tag={info.tag} props={props} />
              </div>
            )}
          </div>
        ))}
      </SiteContext.Provider>
    </PreviewFrame>
  );
}

/** Module page `/_/elements`: every page element with its label and description, and its schema's examples rendered live. */
export default function ElementsPage() {
  const { registry } = useAdmin();
  const [search, setSearch] = useSearchParams();
  const elements = useMemo(
    () =>
      Object.values(registry.elements).sort(
        (a, b) => a.category.localeCompare(b.category) || a.label.localeCompare(b.label),
      ),
    [registry],
  );
  const current = registry.element(search.get('tag') ?? '') ?? elements[0];
  useEffect(() => {
    document.title = documentTitle('Elements');
  }, []);

  return (
    <>
      <PageHeader title="Elements" subtitle={`${elements.length} elements from schemas/elements`} />
      <div className="grid gap-4 p-4 md:grid-cols-[18rem_minmax(0,1fr)] md:p-6">
        <ul
          aria-label="Elements"
          className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50 p-1 md:max-h-[calc(100dvh-8rem)] md:border-0 md:p-0"
        >
          {elements.map((info) => (
            <li key={info.tag}>
              <button
                type="button"
                aria-current={info.tag === current?.tag}
                onClick={() => setSearch({ tag: info.tag }, { replace: true })}
                className={`w-full rounded-md border px-3 py-2 text-left ${info.tag === current?.tag ? 'border-accent-600/40 bg-accent-50' : 'border-transparent hover:bg-white'}`}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="text-[13px] font-medium text-zinc-900">
                    {info.label}
                    {info.deprecated && <span className="ml-1 text-xs font-normal text-zinc-600">(old)</span>}
                  </span>
                  <code className="truncate text-[11px] text-zinc-600">{info.tag}</code>
                </span>
                <span className="mt-0.5 line-clamp-2 block text-xs text-zinc-600">{info.description}</span>
              </button>
            </li>
          ))}
        </ul>
        {current && (
          <section aria-label={`${current.label} examples`} className="min-w-0 space-y-3">
            <div className="rounded-lg border border-zinc-200 bg-white p-4">
              <h2 className="text-[15px] font-semibold text-zinc-900">{current.label}</h2>
              <p className="mt-1 text-[13px] text-zinc-600">{current.description}</p>
              <p className="mt-2 text-xs text-zinc-500">
                Tag <code>{current.tag}</code> · {current.category}
                {current.slots.length ? ` · holds elements in ${current.slots.join(', ')}` : ''} ·{' '}
                {current.examples.length || 'no'} {current.examples.length === 1 ? 'example' : 'examples'}
              </p>
            </div>
            <div className="h-[70dvh] overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 p-2">
              <Examples key={current.tag} info={current} />
            </div>
          </section>
        )}
      </div>
    </>
  );
}
