/**
 * The version of the element format of stored page JSON (style.md principle 9; model: Puck's
 * `lib/migrate.ts`). Pages, page drafts and layouts carry it in `_elementFormat`, set by the server on
 * every write. A document of an older format is upgraded by the ordered steps below, one version at a
 * time, when it is read and when it is saved. A document of a newer format than this code knows was
 * written by a newer Baukasten: it is served as stored and never overwritten.
 *
 * Steps are frozen records of a past change: they must not import the current schemas or element code,
 * only know the shape they upgrade from. A new step gets the next `from` and raises ELEMENT_FORMAT by one.
 */

export const ELEMENT_FORMAT_FIELD = '_elementFormat' as const;

/** The models whose documents hold element trees (`elements`: element nodes, or `{ position, element }` in layouts). */
export const ELEMENT_DOCUMENT_MODELS: readonly string[] = ['page', 'pageDraft', 'layout'];

type Json = Record<string, unknown>;
type ElementNode = { tag: string; props?: Json } & Json;

export interface ElementMigration {
  /** The format this step upgrades from; it produces `from + 1`. */
  from: number;
  summary: string;
  /** Pure: answers the upgraded document's `elements`, never changes its input. */
  up(elements: unknown): unknown;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNode = (value: unknown): value is ElementNode => isObject(value) && typeof value.tag === 'string';

/**
 * Every element node in `value` (a page's element list, a layout's positioned items, anything nested in
 * props) replaced by `change(node)`, children first. Structure that is not an element is copied as is.
 */
export function mapElementNodes(value: unknown, change: (node: ElementNode) => ElementNode): unknown {
  if (Array.isArray(value)) return value.map((item) => mapElementNodes(item, change));
  if (!isObject(value)) return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapElementNodes(item, change)]));
  return isNode(copy) ? change(copy) : copy;
}

/**
 * Format 0 (documents without `_elementFormat`, written before it existed) to 1. Icon names that
 * lucide renamed in 1.x were stored by older pages; they become the names the site's icon set and
 * the admin's icon picker use (the site also shows an old name it is handed, see `siteIcon`).
 * Icons live in `icon.icon`, `button.icon` and `footer.columns[].icons[].icon`.
 */
export const RENAMED_ICONS: Readonly<Record<string, string>> = {
  home: 'house',
  'check-circle': 'circle-check',
  'line-chart': 'chart-line',
  'help-circle': 'info',
};
const renamedIcon = (name: unknown) =>
  typeof name === 'string' && Object.hasOwn(RENAMED_ICONS, name) ? RENAMED_ICONS[name] : name;

function currentIconNames(node: ElementNode): ElementNode {
  const props = node.props;
  if (!isObject(props)) return node;
  if ((node.tag === 'icon' || node.tag === 'button') && props.icon !== undefined)
    return { ...node, props: { ...props, icon: renamedIcon(props.icon) } };
  if (node.tag === 'footer' && Array.isArray(props.columns)) {
    const columns = props.columns.map((column) =>
      isObject(column) && Array.isArray(column.icons)
        ? {
            ...column,
            icons: column.icons.map((item) => (isObject(item) ? { ...item, icon: renamedIcon(item.icon) } : item)),
          }
        : column,
    );
    return { ...node, props: { ...props, columns } };
  }
  return node;
}

/** The ordered steps: `ELEMENT_MIGRATIONS[n].from === n`. */
export const ELEMENT_MIGRATIONS: readonly ElementMigration[] = [
  {
    from: 0,
    summary: 'Icon names renamed by lucide 1.x (home, check-circle, line-chart, help-circle) become current names',
    up: (elements) => mapElementNodes(elements, currentIconNames),
  },
];

type Stamped = { [ELEMENT_FORMAT_FIELD]: number };

/** The format this code writes. */
export const ELEMENT_FORMAT = ELEMENT_MIGRATIONS.length;

/** The format a stored document declares: 0 when it has none (written before formats existed). */
export function elementFormatOf(doc: Json): number {
  const format = doc[ELEMENT_FORMAT_FIELD];
  return typeof format === 'number' && Number.isInteger(format) && format >= 0 ? format : 0;
}

/** A document of a format this code does not know yet. */
export class ElementFormatTooNew extends Error {
  constructor(readonly format: number) {
    super(
      `The elements are stored in format ${format}, this server knows formats up to ${ELEMENT_FORMAT}: they were written by a newer Baukasten`,
    );
  }
}

/**
 * `doc` with its elements upgraded from format `from` (default: the format it declares) to
 * ELEMENT_FORMAT and stamped with it. The same object when nothing is to do; throws
 * ElementFormatTooNew for a format newer than this code.
 */
export function upgradeElementDocument<T extends Json>(doc: T, from = elementFormatOf(doc)): T & Stamped {
  if (from > ELEMENT_FORMAT) throw new ElementFormatTooNew(from);
  if (from === ELEMENT_FORMAT && doc[ELEMENT_FORMAT_FIELD] === ELEMENT_FORMAT) return doc as T & Stamped;
  let elements = doc.elements;
  for (const step of ELEMENT_MIGRATIONS.slice(from)) {
    if (elements !== undefined) elements = step.up(elements);
  }
  return { ...doc, ...(elements !== undefined ? { elements } : {}), [ELEMENT_FORMAT_FIELD]: ELEMENT_FORMAT };
}
