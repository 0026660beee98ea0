import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ElementNodeValue } from '../../shared/generated/types';
import button from '../../../schemas/elements/button.schema.json';
import footer from '../../../schemas/elements/footer.schema.json';
import gallery from '../../../schemas/elements/gallery.schema.json';
import hero from '../../../schemas/elements/hero.schema.json';
import navigation from '../../../schemas/elements/navigation.schema.json';
import packageSchema from '../../../schemas/elements/special-package.schema.json';
import presentationItem from '../../../schemas/elements/presentation-item.schema.json';
import quote from '../../../schemas/elements/quote.schema.json';
import serviceCards from '../../../schemas/elements/special-service-cards.schema.json';
import { PagePreview } from './ElementPreview';

const pkg = packageSchema.examples[0];

/** The element examples put together as a home page, to judge rhythm and consistency between elements. */
const elements: ElementNodeValue[] = [
  { tag: 'navigation', props: navigation.examples[0] },
  { tag: 'hero', props: hero.examples[0] },
  {
    tag: 'section',
    props: {
      children: [
        { tag: 'header', props: { text: 'Leistungen', level: 6, alignment: 'center' } },
        { tag: 'header', props: { text: 'Was wir für Sie tun', level: 2, alignment: 'center' } },
        {
          tag: 'paragraph',
          props: {
            text: 'Von der ersten Standortbestimmung bis zur Umsetzung begleiten wir Sie persönlich.',
            alignment: 'center',
          },
        },
        { tag: 'spacer', props: { size: { desktop: { amount: 1, type: 'rem' } } } },
        { tag: 'special.serviceCards', props: serviceCards.examples[0] },
      ],
    },
  },
  {
    tag: 'section',
    props: {
      children: [
        { tag: 'header', props: { text: 'Pakete', level: 2, alignment: 'center' } },
        {
          tag: 'grid',
          props: {
            columns: 3,
            children: [
              {
                tag: 'special.package',
                props: {
                  ...pkg,
                  title: 'Standortbestimmung',
                  price: 950,
                  highlight: false,
                  list: pkg.list.slice(0, 2),
                  text: 'Ein halber Tag, um Klarheit über die nächsten Schritte zu gewinnen.',
                },
              },
              { tag: 'special.package', props: pkg },
              {
                tag: 'special.package',
                props: {
                  ...pkg,
                  title: 'Begleitung',
                  price: 6800,
                  highlight: false,
                  text: 'Wir begleiten die Umsetzung über sechs Monate.',
                },
              },
            ],
          },
        },
      ],
    },
  },
  { tag: 'section', props: { children: [{ tag: 'presentationItem', props: presentationItem.examples[0] }] } },
  { tag: 'section', props: { children: [{ tag: 'quote', props: quote.examples[0] }] } },
  {
    tag: 'section',
    props: {
      children: [
        { tag: 'gallery', props: gallery.examples[0] },
        { tag: 'button', props: button.examples[0] },
      ],
    },
  },
  {
    tag: 'section',
    props: {
      variation: 'ending',
      children: [
        { tag: 'anchor', props: { id: 'kontakt' } },
        { tag: 'contact', props: { title: 'Schreiben Sie uns' } },
      ],
    },
  },
  { tag: 'footer', props: footer.examples[0] },
];

const meta = {
  title: 'Site/Pages/Home',
  args: { elements },
  render: (args) => <PagePreview elements={args.elements} />,
} satisfies Meta<{ elements: ElementNodeValue[] }>;
export default meta;

export const Home: StoryObj<typeof meta> = {};
