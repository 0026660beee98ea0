import type { ElementTag } from '../../shared/generated/schemas';

/**
 * Defaults and slots of every element, as the schema registry derives them (`createRegistry(...).element(tag)`).
 * Kept as a small constant so a visitor's browser does not download every schema (about 15 kB gzip);
 * elements.test.tsx fails when it drifts from the schemas.
 */
export const ELEMENT_META = {
  '3d.gaussianHotspots': { defaults: { hotspots: [] }, slots: [] },
  '3d.gaussianReplacement': { defaults: { spots: [] }, slots: [] },
  '3d.gaussianViewer': { defaults: { camera: { position: [0, 0, 3], rotation: [0, 0, 0] } }, slots: [] },
  anchor: { defaults: {}, slots: [] },
  button: { defaults: { url: { type: 'URL' }, text: '', alignment: 'left' }, slots: [] },
  column: { defaults: { children: [], style: {} }, slots: ['children'] },
  contact: { defaults: { title: 'Kontakt' }, slots: [] },
  container: { defaults: { children: [], style: {} }, slots: ['children'] },
  content: { defaults: { children: [] }, slots: ['children'] },
  footer: { defaults: { columns: [] }, slots: [] },
  gallery: { defaults: { images: [] }, slots: [] },
  grid: {
    defaults: {
      columns: 3,
      mobileColumns: 1,
      gap: { desktop: { amount: 2, type: 'rem' }, mobile: { amount: 1, type: 'rem' } },
      children: [],
    },
    slots: ['children'],
  },
  header: { defaults: { text: '', level: 2, alignment: 'left' }, slots: [] },
  hero: { defaults: { title: '', text: '', children: [] }, slots: ['children'] },
  icon: { defaults: { icon: 'star', size: { amount: 2, type: 'rem' } }, slots: [] },
  image: { defaults: { preset: 'fullWidth', style: {} }, slots: [] },
  'menu.3d': { defaults: { title: '', color: '#2b2118', background: '#f5f0e6', categories: [] }, slots: [] },
  'menu.basic': { defaults: { title: '', color: '#2b2118', background: '#f5f0e6', categories: [] }, slots: [] },
  navigation: {
    defaults: { links: [], cta: { label: 'Lassen Sie uns reden', type: 'URL', href: '/Termin' } },
    slots: [],
  },
  paragraph: { defaults: { text: '', alignment: 'left' }, slots: [] },
  phoneScanQr: { defaults: {}, slots: [] },
  phone: { defaults: {}, slots: [] },
  presentationItem: { defaults: { side: 'left', link: { type: 'URL' }, children: [] }, slots: ['children'] },
  quote: { defaults: { quote: '', alignment: 'center' }, slots: [] },
  row: { defaults: { children: [], style: {} }, slots: ['children'] },
  screenSection: { defaults: { children: [] }, slots: ['children'] },
  section: { defaults: { children: [], fullWidth: false, variation: 'default' }, slots: ['children'] },
  spacer: {
    defaults: { size: { desktop: { amount: 4, type: 'rem' }, mobile: { amount: 2, type: 'rem' } } },
    slots: [],
  },
  'special.configurator': {
    defaults: {
      title: '',
      description: '',
      sections: [],
      properties: { type: 'object', properties: {}, required: [] },
      submitLabel: 'Senden',
      successMessage: 'Formular abgeschickt!',
    },
    slots: [],
  },
  'special.form': {
    defaults: {
      title: '',
      properties: { type: 'object', properties: {}, required: [] },
      submitLabel: 'Senden',
      successMessage: 'Formular abgeschickt!',
      validate: false,
    },
    slots: [],
  },
  'special.package': {
    defaults: { title: '', text: '', list: [], button: { type: 'URL' }, highlight: false },
    slots: [],
  },
  'special.serviceCards': { defaults: { cards: [] }, slots: [] },
  video: { defaults: { controls: true, autoplay: false }, slots: [] },
} as const satisfies Record<ElementTag, { defaults: Record<string, unknown>; slots: readonly string[] }>;

export type ElementDefaults<T extends ElementTag> = (typeof ELEMENT_META)[T]['defaults'];

export function isElementTag(tag: string): tag is ElementTag {
  return Object.hasOwn(ELEMENT_META, tag);
}

/** Schema defaults under the stored props (a fresh copy: defaults are shared constants). */
export function withDefaults(tag: ElementTag, props: Record<string, unknown> | undefined): Record<string, unknown> {
  const defaults = structuredClone(ELEMENT_META[tag].defaults) as Record<string, unknown>;
  return { ...defaults, ...(props ?? {}) };
}
