import type { ElementTag } from '../../shared/generated/schemas';
import { walkElements } from '../../shared/site/compose';
import type { SiteView } from '../../shared/site/view';
import { iconsOf } from '../render/elementMeta';
import type { ElementRegistry } from '../render/types';
import { loadFormDates } from '../ui/dateCode';
import { hasDateField } from '../ui/fieldKind';
import { SITE_ICON_NAMES, loadIcons } from '../ui/icons';
import Anchor from './Anchor';
import Button from './Button';
import Column from './Column';
import Container from './Container';
import Content from './Content';
import Footer from './Footer';
import Grid from './Grid';
import Header from './Header';
import Hero from './Hero';
import Icon from './Icon';
import Image from './Image';
import { lazyElement } from './lazyElement';
import { splitElement } from './splitElement';
import Navigation from './Navigation';
import Package from './Package';
import Paragraph from './Paragraph';
import PresentationItem from './PresentationItem';
import Quote from './Quote';
import Row from './Row';
import ScreenSection from './ScreenSection';
import Section from './Section';
import ServiceCards from './ServiceCards';
import Spacer from './Spacer';

/**
 * Element tag -> component for the public site. Complete by type: a tag without a component does not compile.
 * Interactive elements are split into their own chunks (a page without them loads none of their code);
 * `preloadElements` fetches the ones a page uses.
 */
export const siteElements = {
  // 3D elements are written by the 3D work in ./Gaussian*/ and load only on pages that use them.
  '3d.gaussianViewer': lazyElement<'3d.gaussianViewer'>(() => import('./GaussianViewer')),
  '3d.gaussianHotspots': lazyElement<'3d.gaussianHotspots'>(() => import('./GaussianHotspots')),
  '3d.gaussianReplacement': lazyElement<'3d.gaussianReplacement'>(() => import('./GaussianReplacement')),
  anchor: Anchor,
  button: Button,
  column: Column,
  contact: splitElement<'contact'>(() => import('./Contact')),
  container: Container,
  content: Content,
  footer: Footer,
  gallery: splitElement<'gallery'>(() => import('./Gallery')),
  grid: Grid,
  header: Header,
  hero: Hero,
  icon: Icon,
  image: Image,
  'menu.3d': splitElement<'menu.3d'>(() => import('./Menu3D')),
  'menu.basic': splitElement<'menu.basic'>(() => import('./MenuBasic')),
  navigation: Navigation,
  paragraph: Paragraph,
  phone: splitElement<'phone'>(() => import('./Phone')),
  phoneScanQr: splitElement<'phoneScanQr'>(() => import('./PhoneScanQr')),
  presentationItem: PresentationItem,
  quote: Quote,
  row: Row,
  screenSection: ScreenSection,
  section: Section,
  spacer: Spacer,
  'special.configurator': splitElement<'special.configurator'>(() => import('./Configurator')),
  'special.form': splitElement<'special.form'>(() => import('./Form')),
  'special.package': Package,
  'special.serviceCards': ServiceCards,
  video: splitElement<'video'>(() => import('./Video')),
} satisfies ElementRegistry;

/** The props of the elements whose forms may have date fields: the form's JSON Schema. */
const FORM_SCHEMAS: Partial<Record<ElementTag, (props: Record<string, unknown>) => unknown>> = {
  'special.form': (props) => props.properties,
  'special.configurator': (props) => props.properties,
};

/**
 * Loads the code a view's elements need (all of it without a view: the server, the editor's preview) before it
 * hydrates or shows: its split elements', its icons, and the date fields' when one of its forms has a date field.
 */
export async function preloadElements(view?: SiteView): Promise<void> {
  const tags = new Set<string>();
  const icons: string[] = [];
  let dates = !view;
  if (view)
    walkElements([...view.elements.before, ...view.elements.main, ...view.elements.after], (node) => {
      tags.add(node.tag);
      icons.push(...iconsOf(node.tag, node.props as Record<string, unknown> | undefined));
      const schema = Object.hasOwn(FORM_SCHEMAS, node.tag) ? FORM_SCHEMAS[node.tag as ElementTag] : undefined;
      if (schema && hasDateField(schema((node.props ?? {}) as Record<string, unknown>))) dates = true;
    });
  await Promise.all([
    ...Object.entries(siteElements)
      .filter(([tag, component]) => 'preload' in component && (!view || tags.has(tag)))
      .map(([, component]) => (component as { preload: () => Promise<void> }).preload()),
    dates ? loadFormDates() : undefined,
    // The icons the page shows, each its own chunk (src/site/ui/icons.ts); without a view (the server, the editor) all.
    loadIcons(view ? icons : SITE_ICON_NAMES),
  ]);
}
