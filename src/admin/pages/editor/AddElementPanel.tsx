import { LoaderCircle, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { CatalogElement } from '../../../shared/api/pages';
import { ELEMENT_CATEGORIES } from '../../../shared/vocabulary';
import { useElementsQuery } from '../../core/data/pages';
import type { Placement } from '../model/insertionPoint';

const CATEGORY_LABELS: Record<(typeof ELEMENT_CATEGORIES)[number], string> = {
  text: 'Text',
  media: 'Media',
  layout: 'Layout',
  navigation: 'Navigation',
  special: 'Special',
  menu: 'Menus',
  '3d': '3D',
};

/** The first sentence of an element's description (what the picker shows under its label). */
export function shortDescription(description: string | undefined): string {
  const text = (description ?? '').trim();
  // A sentence ends at a full stop before a capital letter or the end ("e.g. a text" goes on).
  const end = text.search(/[.!?](?=\s+\p{Lu}|$)/u);
  return end >= 0 ? text.slice(0, end) : text;
}

/** Catalogue entries matching `search` by name (label or tag), in their category groups, sorted by label. */
export function pickerGroups(elements: readonly CatalogElement[], search: string) {
  const needle = search.trim().toLowerCase();
  const matching = elements.filter((info) => !needle || `${info.label} ${info.tag}`.toLowerCase().includes(needle));
  return ELEMENT_CATEGORIES.map((category) => ({
    category,
    items: matching.filter((info) => info.category === category).sort((a, b) => a.label.localeCompare(b.label)),
  })).filter((group) => group.items.length);
}

/**
 * The server's element catalogue (`GET /api/cms/elements`) as a picker: grouped by category, each with
 * its label and a short description, filtered by name; Enter adds the first match, Escape closes it.
 */
export function AddElementPanel({
  target,
  onAdd,
  onClose,
  placement,
}: {
  /** Where the new element goes, in words ("inside Section", "after Paragraph"). */
  target: string;
  onAdd(info: CatalogElement): void;
  /** Escape in the search: the picker closes without adding. */
  onClose(): void;
  /** With a container selected: after it (the default) or inside it, the user's choice. */
  placement?: { of: string; value: Placement; onChange(value: Placement): void };
}) {
  const catalogue = useElementsQuery(undefined, { refetchOnMountOrArgChange: false });
  const [search, setSearch] = useState('');
  const ids = useId();
  const groups = useMemo(() => pickerGroups(catalogue.data ?? [], search), [catalogue.data, search]);
  const first = groups[0]?.items[0];

  return (
    <div role="group" aria-label="Elements to add" className="rounded-lg border border-zinc-200 bg-white p-2 shadow-sm">
      <label className="flex h-8 items-center gap-2 rounded-md border border-zinc-300 px-2 focus-within:border-accent-600">
        <Search className="size-3.5 text-zinc-500" aria-hidden />
        <input
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && first) {
              event.preventDefault();
              onAdd(first);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            }
          }}
          placeholder="Search elements by name"
          aria-label="Search elements"
          className="min-w-0 flex-1 bg-transparent text-[13px] outline-none"
        />
      </label>
      {placement && (
        <div role="radiogroup" aria-label="Where to add" className="mt-2 flex gap-1 px-1">
          {(['after', 'inside'] as const).map((value) => (
            <label
              key={value}
              className={`flex h-7 min-w-0 cursor-pointer items-center rounded-md border px-2 text-xs has-focus-visible:outline-2 has-focus-visible:outline-accent-600 ${
                placement.value === value
                  ? 'border-accent-600 bg-accent-50 font-medium text-accent-700'
                  : 'border-zinc-300 text-zinc-600 hover:bg-zinc-50'
              }`}
            >
              <input
                type="radio"
                name={`${ids}-placement`}
                className="sr-only"
                checked={placement.value === value}
                onChange={() => placement.onChange(value)}
              />
              <span className="truncate">
                {value === 'after' ? 'After' : 'Inside'} {placement.of}
              </span>
            </label>
          ))}
        </div>
      )}
      <p className="mt-1.5 px-1 text-xs text-zinc-500">Adds {target}</p>
      <div className="mt-1 max-h-96 space-y-2 overflow-y-auto pr-1" aria-busy={catalogue.isLoading}>
        {catalogue.isLoading && (
          <p className="flex items-center justify-center gap-2 py-3 text-xs text-zinc-500">
            <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
            Loading elements…
          </p>
        )}
        {catalogue.error && (
          <p role="alert" className="px-1 py-3 text-center text-xs text-red-700">
            The elements could not be loaded: {catalogue.error.message}{' '}
            <button type="button" className="underline" onClick={() => void catalogue.refetch()}>
              Try again
            </button>
          </p>
        )}
        {groups.map((group) => (
          <div key={group.category} role="group" aria-labelledby={`${ids}-${group.category}`}>
            <h3
              id={`${ids}-${group.category}`}
              className="px-1 pt-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase"
            >
              {CATEGORY_LABELS[group.category]}
            </h3>
            <ul>
              {group.items.map((info) => {
                const description = shortDescription(info.description);
                return (
                  // The description sits beside the button, not in it, so the button's name is its visible label
                  // (WCAG 2.5.3); the button's ::after covers the whole item, so a click on the description adds too.
                  <li
                    key={info.tag}
                    className="group relative rounded-md px-2 py-1.5 focus-within:bg-accent-50 hover:bg-accent-50"
                  >
                    <button
                      type="button"
                      aria-describedby={description ? `${ids}-${info.tag}` : undefined}
                      title={info.description}
                      onClick={() => onAdd(info)}
                      className="block w-full text-left text-[13px] font-medium text-zinc-800 group-hover:text-accent-700 after:absolute after:inset-0 focus-visible:outline-none"
                    >
                      {info.label}
                    </button>
                    {description && (
                      <span id={`${ids}-${info.tag}`} className="line-clamp-2 block text-xs text-zinc-500">
                        {description}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        {catalogue.data && !groups.length && (
          <p className="px-1 py-3 text-center text-xs text-zinc-500">No element is called “{search.trim()}”.</p>
        )}
      </div>
    </div>
  );
}
