import type { ElementRegistry } from '../render/types';
import Anchor from './Anchor';
import Button from './Button';
import Column from './Column';
import Configurator from './Configurator';
import Contact from './Contact';
import Container from './Container';
import Content from './Content';
import Footer from './Footer';
import Form from './Form';
import Gallery from './Gallery';
import Grid from './Grid';
import Header from './Header';
import Hero from './Hero';
import Icon from './Icon';
import Image from './Image';
import { lazyElement } from './lazyElement';
import Menu3D from './Menu3D';
import MenuBasic from './MenuBasic';
import Navigation from './Navigation';
import Package from './Package';
import Paragraph from './Paragraph';
import Phone from './Phone';
import PhoneScanQr from './PhoneScanQr';
import PresentationItem from './PresentationItem';
import Quote from './Quote';
import Row from './Row';
import ScreenSection from './ScreenSection';
import Section from './Section';
import ServiceCards from './ServiceCards';
import Spacer from './Spacer';
import Video from './Video';

/** Element tag -> component for the public site. Complete by type: a tag without a component does not compile. */
export const siteElements = {
  // 3D elements are written by the 3D work in ./Gaussian*/ and load only on pages that use them.
  '3d.gaussianViewer': lazyElement<'3d.gaussianViewer'>(() => import('./GaussianViewer')),
  '3d.gaussianHotspots': lazyElement<'3d.gaussianHotspots'>(() => import('./GaussianHotspots')),
  '3d.gaussianReplacement': lazyElement<'3d.gaussianReplacement'>(() => import('./GaussianReplacement')),
  anchor: Anchor,
  button: Button,
  column: Column,
  contact: Contact,
  container: Container,
  content: Content,
  footer: Footer,
  gallery: Gallery,
  grid: Grid,
  header: Header,
  hero: Hero,
  icon: Icon,
  image: Image,
  'menu.3d': Menu3D,
  'menu.basic': MenuBasic,
  navigation: Navigation,
  paragraph: Paragraph,
  phone: Phone,
  phoneScanQr: PhoneScanQr,
  presentationItem: PresentationItem,
  quote: Quote,
  row: Row,
  screenSection: ScreenSection,
  section: Section,
  spacer: Spacer,
  'special.configurator': Configurator,
  'special.form': Form,
  'special.package': Package,
  'special.serviceCards': ServiceCards,
  video: Video,
} satisfies ElementRegistry;
