import { FileText, ListTree, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { PageTreeNode } from '../../../shared/api/pages';
import { DialogShell } from '../../files/DialogShell';
import { Button } from '../../ui/Button';
import { choosable, matchesFilter, moveTargets, type MoveTarget } from './moveTargets';

const keyOf = (target: MoveTarget) => target.id ?? '';
const KEY = 'rounded border border-zinc-200 bg-zinc-50 px-1 font-sans text-[11px] text-zinc-600';

/**
 * 'Move <page>': the places the page can go (the top level and every page but itself and those below
 * it), as an indented tree with paths, its present parent marked. The filter field keeps the focus: the
 * arrow keys walk the list, Enter (or a click) chooses; Escape and Cancel close without a move.
 */
export function MovePageDialog({
  nodes,
  moving,
  onChoose,
  onClose,
  onCloseAutoFocus,
}: {
  nodes: PageTreeNode[];
  moving: PageTreeNode;
  onChoose(parent: string | null): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const targets = useMemo(() => moveTargets(nodes, moving), [nodes, moving]);
  const shown = useMemo(
    () => (filter.trim() ? targets.filter((target) => matchesFilter(target, filter)) : targets),
    [targets, filter],
  );
  // The active option is kept by its page, so filtering keeps it where it is still shown.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const firstChoosable = Math.max(0, shown.findIndex(choosable));
  const found = shown.findIndex((target) => keyOf(target) === activeKey);
  const active = found >= 0 ? found : firstChoosable;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on the stable `id`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, shown]);

  const choose = (target: MoveTarget | undefined) => {
    if (target && choosable(target)) onChoose(target.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 }[event.key];
    if (step !== undefined && shown.length) {
      event.preventDefault();
      const next = Math.min(shown.length - 1, Math.max(0, active + step));
      setActiveKey(keyOf(shown[next]));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  const listId = `${id}-list`;
  return (
    <DialogShell
      open
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title={`Move ${moving.name}`}
      description="Choose the page to put it under. Its path and the paths of its subpages change with it."
      footer={
        <>
          <span className="mr-auto self-center text-xs text-zinc-500 pointer-coarse:hidden" aria-hidden>
            <kbd className={KEY}>↑</kbd> <kbd className={KEY}>↓</kbd> to go through the list,{' '}
            <kbd className={KEY}>Enter</kbd> to move
          </span>
          <Button onClick={onClose}>Cancel</Button>
        </>
      }
    >
      {/* One scrolling area with the filter field kept at its top: a scrolling region holds what takes the focus. */}
      <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
        <div className="sticky top-0 z-10 border-b border-zinc-100 bg-white px-4 py-3">
          <label className="relative block">
            <span className="sr-only">Filter pages</span>
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500"
            />
            <input
              type="search"
              role="combobox"
              autoFocus
              autoComplete="off"
              placeholder="Filter pages…"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={onKeyDown}
              aria-expanded={shown.length > 0}
              aria-controls={shown.length ? listId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={shown.length ? optionId(active) : undefined}
              className="h-8 w-full rounded-md border border-zinc-300 bg-white pr-2.5 pl-8 text-[13px] text-zinc-800 shadow-xs focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
            />
          </label>
        </div>
        {shown.length ? (
          <ul id={listId} role="listbox" aria-label="Where to move it" className="py-1.5">
            {shown.map((target, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the filter field's arrow keys and Enter
              <li
                key={keyOf(target)}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                aria-disabled={!choosable(target) || undefined}
                data-target={keyOf(target)}
                // The filter field keeps the focus; a click chooses without taking it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(target)}
                className={`mx-1.5 flex h-9 scroll-mt-16 items-center gap-2 rounded-md pr-2.5 text-[13px] ${
                  !choosable(target)
                    ? 'cursor-default text-zinc-500'
                    : `cursor-pointer text-zinc-800 ${index === active ? 'bg-accent-50 text-accent-700' : 'hover:bg-zinc-50'}`
                } ${index === active && !choosable(target) ? 'bg-zinc-100' : ''}`}
                style={{ paddingLeft: `${(filter.trim() ? 0 : target.depth) * 16 + 10}px` }}
              >
                {target.id === null ? (
                  <ListTree aria-hidden className="size-4 shrink-0 text-zinc-500" />
                ) : (
                  <FileText aria-hidden className="size-4 shrink-0 text-zinc-500" />
                )}
                <span className="min-w-0 truncate">
                  <span className={target.id === null ? 'font-medium' : ''}>{target.name}</span>
                  {target.path && (
                    // zinc-500 on the active row's blue is below AA (4.3:1).
                    <span className={`ml-1 text-xs ${index === active ? 'text-zinc-600' : 'text-zinc-500'}`}>
                      {' '}
                      {target.path}
                    </span>
                  )}
                </span>
                {!choosable(target) && (
                  <span className="ml-auto shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600">
                    {target.current ? 'Current' : `${target.takenBy} is there (/)`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="px-5 py-8 text-center text-[13px] text-zinc-500">
            No page matches “{filter.trim()}”
          </p>
        )}
      </div>
    </DialogShell>
  );
}
