import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { JsonSchema } from '../../../shared/registry';
import { inputClass, labelClass } from '../ui/classes';
import { formContextOf } from './context';
import { ReadOnlyBox } from './ReadOnlyWidget';
import { RelationSelect } from './RelationSelect';

interface LinkValue {
  label?: string;
  type?: 'URL' | 'PAGE';
  href?: string;
  page?: string;
  hash?: string;
}

/** Fields that belong to one kind of link; switching the kind drops the other kind's fields. */
const KIND_FIELDS = { URL: ['href'], PAGE: ['page', 'hash'] } as const;

function Part({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={`${labelClass} text-xs`}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A link value: label, kind (URL or page), the address or the page with an optional anchor. */
export function LinkWidget({ id, value, onChange, disabled, readonly, rawErrors, schema, registry }: WidgetProps) {
  const link: LinkValue = typeof value === 'object' && value !== null ? (value as LinkValue) : {};
  const kind = link.type === 'PAGE' ? 'PAGE' : 'URL';
  const props = (schema as JsonSchema).properties ?? {};
  const title = (name: keyof LinkValue, fallback: string) => props[name]?.title ?? fallback;
  const set = (patch: LinkValue) => {
    const next: Record<string, unknown> = { ...link, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    onChange(next);
  };
  const pageRelation = props.page?.['x-relation'];
  if (readonly) {
    return (
      <ReadOnlyBox id={id}>
        {link.label ? `${link.label} → ` : ''}
        {kind === 'URL' ? (link.href ?? '—') : `page ${link.page ?? '—'}${link.hash ? `#${link.hash}` : ''}`}
      </ReadOnlyBox>
    );
  }
  return (
    // Two columns where the field is wide enough (a container query): stacked in the editor's sidebar.
    <div id={id} className="@container rounded-md border border-gray-200 p-3">
      <div className="grid gap-3 @md:grid-cols-2">
        <Part id={`${id}_label`} label={title('label', 'Label')}>
          <input
            id={`${id}_label`}
            className={inputClass(rawErrors)}
            value={link.label ?? ''}
            disabled={disabled}
            maxLength={props.label?.maxLength}
            onChange={(e) => set({ label: e.target.value })}
          />
        </Part>
        <Part id={`${id}_type`} label={title('type', 'Kind')}>
          <div
            id={`${id}_type`}
            role="radiogroup"
            aria-label={title('type', 'Kind')}
            className="inline-flex w-fit rounded-md border border-gray-300 p-0.5"
          >
            {(['URL', 'PAGE'] as const).map((option, index) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={kind === option}
                disabled={disabled}
                onClick={() => {
                  const patch: Record<string, undefined | string> = { type: option };
                  for (const field of KIND_FIELDS[kind]) if (option !== kind) patch[field] = undefined;
                  set(patch);
                }}
                className={`rounded px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${kind === option ? 'bg-blue-600 text-white' : 'text-gray-600 hover:bg-gray-100'}`}
              >
                {(props.type?.['x-enumLabels'] as string[] | undefined)?.[index] ?? option}
              </button>
            ))}
          </div>
        </Part>
        {kind === 'URL' ? (
          <div className="@md:col-span-2">
            <Part id={`${id}_href`} label={title('href', 'Address')}>
              <input
                id={`${id}_href`}
                className={inputClass(rawErrors)}
                value={link.href ?? ''}
                placeholder="https://… or /path"
                disabled={disabled}
                maxLength={props.href?.maxLength}
                onChange={(e) => set({ href: e.target.value })}
              />
            </Part>
          </div>
        ) : (
          <>
            <Part id={`${id}_page`} label={title('page', 'Page')}>
              <RelationSelect
                id={`${id}_page`}
                context={formContextOf(registry)}
                relation={{
                  model: pageRelation?.model ?? 'page',
                  labelField: pageRelation?.label ?? pageRelation?.populate[0] ?? 'name',
                  keyField: pageRelation?.key ?? '_id',
                }}
                value={link.page}
                onChange={(page) => set({ page })}
                disabled={disabled}
              />
            </Part>
            <Part id={`${id}_hash`} label={title('hash', 'Anchor')}>
              <div className="flex items-center">
                <span className="rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-2 py-1.5 text-sm text-gray-500">
                  #
                </span>
                <input
                  id={`${id}_hash`}
                  className={inputClass(rawErrors, 'rounded-l-none')}
                  value={link.hash ?? ''}
                  disabled={disabled}
                  maxLength={props.hash?.maxLength}
                  onChange={(e) => set({ hash: e.target.value })}
                />
              </div>
            </Part>
          </>
        )}
      </div>
    </div>
  );
}
