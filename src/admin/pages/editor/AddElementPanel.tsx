import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ElementInfo } from '../../../shared/registry';
import { ELEMENT_CATEGORIES } from '../../../shared/vocabulary';

const CATEGORY_LABELS: Record<(typeof ELEMENT_CATEGORIES)[number], string> = {
  text: 'Text',
  media: 'Media',
  layout: 'Layout',
  navigation: 'Navigation',
  special: 'Special',
  menu: 'Menus',
  '3d': '3D',
};

/** The element registry as a picker: grouped by category, filtered by a search, deprecated ones last. */
export function AddElementPanel({
  elements,
  target,
  onAdd,
}: {
  elements: ElementInfo[];
  /** Where the new element goes, in words ("inside Section", "after Paragraph"). */
  target: string;
  onAdd(info: ElementInfo): void;
}) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const matching = elements.filter(
      (info) => !needle || `${info.label} ${info.tag} ${info.description}`.toLowerCase().includes(needle),
    );
    return ELEMENT_CATEGORIES.map((category) => ({
      category,
      items: matching
        .filter((info) => info.category === category)
        .sort((a, b) => Number(a.deprecated) - Number(b.deprecated) || a.label.localeCompare(b.label)),
    })).filter((group) => group.items.length);
  }, [elements, search]);

  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-2 shadow-sm">
      <label className="flex h-8 items-center gap-2 rounded-md border border-zinc-300 px-2 focus-within:border-accent-600">
        <Search className="size-3.5 text-zinc-400" aria-hidden />
        <input
          autoFocus
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search elements"
          aria-label="Search elements"
          className="min-w-0 flex-1 bg-transparent text-[13px] outline-none"
        />
      </label>
      <p className="mt-1.5 px-1 text-xs text-zinc-500">Adds {target}</p>
      <div className="mt-1 max-h-80 space-y-2 overflow-y-auto pr-1">
        {groups.map((group) => (
          <div key={group.category}>
            <h3 className="px-1 pt-1 text-[11px] font-semibold tracking-wide text-zinc-400 uppercase">
              {CATEGORY_LABELS[group.category]}
            </h3>
            <div className="grid grid-cols-2 gap-1">
              {group.items.map((info) => (
                <button
                  key={info.tag}
                  type="button"
                  title={info.description}
                  onClick={() => onAdd(info)}
                  className="truncate rounded-md px-2 py-1.5 text-left text-[13px] text-zinc-700 hover:bg-accent-50 hover:text-accent-700"
                >
                  {info.label}
                  {info.deprecated && <span className="ml-1 text-[11px] text-zinc-400">(old)</span>}
                </button>
              ))}
            </div>
          </div>
        ))}
        {!groups.length && <p className="px-1 py-3 text-center text-xs text-zinc-500">No element matches.</p>}
      </div>
    </div>
  );
}
