import type { Registry } from '../../../shared/registry';
import { getIn } from '../../form/arrays/paths';
import type { Conflict } from './merge';

/**
 * A readable name for a place in a page document: "Paragraph 2 › Text" for
 * `elements.1.props.text`, the field's title for a page field.
 */
export function describePath(
  path: (string | number)[],
  doc: Record<string, unknown>,
  registry: Pick<Registry, 'element' | 'model'>,
  model = 'pageDraft',
): string {
  const parts: string[] = [];
  let i = 0;
  if (path[0] === 'elements') {
    i = 1;
    let list: unknown = doc.elements;
    while (typeof path[i] === 'number') {
      const node = (Array.isArray(list) ? list[path[i] as number] : undefined) as
        { tag?: string; element?: { tag?: string }; props?: Record<string, unknown> } | undefined;
      const tag = node?.tag ?? node?.element?.tag;
      const info = tag ? registry.element(tag) : undefined;
      parts.push(`${info?.label ?? tag ?? 'Element'} ${(path[i] as number) + 1}`);
      i += 1;
      if (path[i] === 'element') i += 1;
      if (path[i] !== 'props') break;
      i += 1;
      const field = path[i];
      if (field === undefined) break;
      const fieldTitle = info?.schema.properties?.[String(field)]?.title;
      const value = getIn(node?.props ?? {}, [field]);
      if (info?.slots.includes(String(field)) && Array.isArray(value)) {
        list = value;
        i += 1;
        continue;
      }
      parts.push(String(fieldTitle ?? field));
      i += 1;
      break;
    }
  } else if (path.length) {
    const info = registry.model(model);
    const field = info?.fields.find((f) => f.name === path[0]);
    parts.push(field?.label ?? String(path[0]));
    i = 1;
  }
  const rest = path.slice(i);
  return [...parts, ...rest.map(String)].join(' › ') || 'Page';
}

export const describeConflict = (
  conflict: Conflict,
  doc: Record<string, unknown>,
  registry: Pick<Registry, 'element' | 'model'>,
) => describePath(conflict.path, doc, registry);
