/** The demo website of a fresh installation: Rhein Consulting, a consulting business in Basel. Pure data builders. */

type Doc = Record<string, unknown>;
type Node = { tag: string; props: Doc };

const el = (tag: string, props: Doc = {}): Node => ({ tag, props });
const url = (label: string, href: string) => ({ label, type: 'URL', href });
const page = (label: string, id: string, hash?: string) => ({
  label,
  type: 'PAGE',
  page: id,
  ...(hash ? { hash } : {}),
});
const header = (text: string, level: number, alignment = 'left') => el('header', { text, level, alignment });
const paragraph = (text: string, alignment = 'left') => el('paragraph', { text, alignment });
const section = (children: Node[], variation = 'default', fullWidth = false) =>
  el('section', { children, fullWidth, variation });

export const CTA_LABEL = 'Lassen Sie uns reden';

/** Navigation and footer shared by every demo page (positions: see src/site/ssr/compose.ts). */
export function demoLayout(ids: { impressum: string }): Doc {
  return {
    name: 'Standard',
    elements: [
      {
        position: 0,
        element: el('navigation', {
          links: [
            url('Leistungen', '/#leistungen'),
            url('Pakete', '/#pakete'),
            url('Referenzen', '/#referenzen'),
            url('Kontakt', '/#kontakt'),
          ],
          cta: url(CTA_LABEL, '/Termin'),
        }),
      },
      {
        position: 1000,
        element: el('footer', {
          columns: [
            {
              title: 'Rhein Consulting GmbH',
              links: [
                url(
                  'Aeschenvorstadt 55, 4051 Basel',
                  'https://www.openstreetmap.org/search?query=Aeschenvorstadt%2055%20Basel',
                ),
                url('061 555 00 00', 'tel:+41615550000'),
                url('hallo@rhein-consulting.ch', 'mailto:hallo@rhein-consulting.ch'),
              ],
              icons: [
                { icon: 'mail', href: 'mailto:hallo@rhein-consulting.ch', label: 'E-Mail' },
                { icon: 'phone', href: 'tel:+41615550000', label: 'Telefon' },
                { icon: 'linkedin', href: 'https://www.linkedin.com/company/rhein-consulting', label: 'LinkedIn' },
              ],
            },
            {
              title: 'Angebot',
              links: [
                url('Strategie', '/#leistungen'),
                url('Digitalisierung', '/#leistungen'),
                url('Coaching', '/#leistungen'),
                url('Pakete und Preise', '/#pakete'),
              ],
              icons: [],
            },
            {
              title: 'Rechtliches',
              links: [page('Impressum', ids.impressum), url('Termin vereinbaren', '/Termin')],
              icons: [],
            },
          ],
        }),
      },
    ],
  };
}

const workshopPackage = (title: string, text: string, price: number, list: string[], highlight = false) =>
  el('special.package', {
    title,
    text,
    price,
    list,
    button: url(highlight ? 'Paket anfragen' : 'Anfragen', '/Termin'),
    highlight,
  });

/** The home page: hero, services, packages, references, quote, gallery, contact form. */
export interface DemoImage {
  file: string;
  alt: string;
}

export function demoHome(ids: { layout: string; termin: string }, images: DemoImage[] = []): Doc {
  return {
    name: 'Home',
    _parent: null,
    title: 'Unternehmensberatung in Basel',
    layout: ids.layout,
    description:
      'Rhein Consulting begleitet KMU in der Region Basel bei Strategie, Digitalisierung und Führung – persönlich, pragmatisch und mit messbaren Ergebnissen.',
    language: 'de',
    _read: ['guest'],
    noIndex: false,
    elements: [
      el('hero', {
        title: 'Klarheit für Ihr Unternehmen',
        text: 'Unabhängige Unternehmensberatung für KMU in der **Region Basel**: Strategie, Organisation und Digitalisierung aus einer Hand – seit über 15 Jahren.',
        children: [
          el('button', { url: url(CTA_LABEL, '/Termin'), text: CTA_LABEL, icon: 'arrow-right', alignment: 'left' }),
          el('button', { url: url('Unsere Leistungen', '/#leistungen'), text: 'Unsere Leistungen', alignment: 'left' }),
        ],
      }),
      el('anchor', { id: 'leistungen' }),
      section(
        [
          header('Was wir für Sie tun', 2, 'center'),
          paragraph(
            'Von der ersten Standortbestimmung bis zur Umsetzung begleiten wir Sie persönlich – mit klaren Empfehlungen statt dicker Berichte.',
            'center',
          ),
          el('special.serviceCards', {
            cards: [
              {
                title: 'Strategieberatung',
                text: 'Standortbestimmung, Zielbild und eine Roadmap, die Ihr Team mitträgt.',
                link: page('Erstgespräch vereinbaren', ids.termin),
              },
              {
                title: 'Digitalisierung',
                text: 'Abläufe vereinfachen, die passende Software auswählen und sicher einführen.',
                link: page('Erstgespräch vereinbaren', ids.termin),
              },
              {
                title: 'Coaching für Führungskräfte',
                text: 'Persönliche Begleitung in Veränderungsphasen, in Basel oder online.',
                link: page('Erstgespräch vereinbaren', ids.termin),
              },
            ],
          }),
        ],
        'starting',
      ),
      el('anchor', { id: 'pakete' }),
      section([
        header('Pakete mit festen Preisen', 2, 'center'),
        paragraph(
          'Transparent und ohne Überraschungen: Sie wissen vorab, was Sie erhalten und was es kostet.',
          'center',
        ),
        el('grid', {
          columns: 3,
          mobileColumns: 1,
          gap: { desktop: { amount: 1.5, type: 'rem' }, mobile: { amount: 1, type: 'rem' } },
          children: [
            workshopPackage('Standortbestimmung', 'Ein halber Tag, um zu sehen, wo Ihr Unternehmen steht.', 950, [
              'Vorgespräch und Fragebogen',
              'Halbtägiger Workshop in Basel',
              'Kurzbericht mit den drei wichtigsten Hebeln',
            ]),
            workshopPackage(
              'Strategie-Workshop',
              'Ein Tag mit Ihrem Führungsteam, um Ziele und Prioritäten für die nächsten drei Jahre festzulegen.',
              2400,
              [
                'Analyse der Ausgangslage',
                'Ganztägiger Workshop bei Ihnen vor Ort',
                'Ergebnisbericht mit Massnahmenplan',
                'Nachgespräch nach 3 Monaten',
              ],
              true,
            ),
            workshopPackage('Begleitung', 'Wir setzen die Massnahmen gemeinsam mit Ihrem Team um.', 6800, [
              'Monatliche Steuerungsrunde',
              'Projektleitung auf Zeit',
              'Coaching der Verantwortlichen',
              'Abschlussbericht',
            ]),
          ],
        }),
      ]),
      el('anchor', { id: 'referenzen' }),
      section([
        header('Was unsere Kunden sagen', 2, 'center'),
        el('quote', {
          quote:
            'Dank der klaren Analyse haben wir unsere Abläufe in drei Monaten **spürbar vereinfacht**. Die Zusammenarbeit war unkompliziert und zielführend.',
          name: 'Sandra Keller, Geschäftsführerin Rheinblick Immobilien AG',
          alignment: 'center',
        }),
      ]),
      ...(images.length
        ? [section([header('Einblicke in unsere Arbeit', 2, 'center'), el('gallery', { images })])]
        : []),
      el('anchor', { id: 'kontakt' }),
      section(
        [
          header('Schreiben Sie uns', 2, 'center'),
          paragraph(
            'Wir melden uns innert zwei Arbeitstagen. Lieber direkt? Rufen Sie uns an: [061 555 00 00](tel:+41615550000).',
            'center',
          ),
          el('contact', { title: 'Kontakt' }),
        ],
        'ending',
      ),
    ],
  };
}

/** /Termin: the appointment page with a form (special.form). */
export function demoTermin(ids: { layout: string; home: string }): Doc {
  return {
    name: 'Termin',
    _parent: ids.home,
    title: 'Termin vereinbaren',
    layout: ids.layout,
    description:
      'Vereinbaren Sie ein unverbindliches Erstgespräch mit Rhein Consulting in Basel – vor Ort oder online.',
    language: 'de',
    _read: ['guest'],
    noIndex: false,
    elements: [
      section(
        [
          header(CTA_LABEL, 1, 'center'),
          paragraph(
            'Ein erstes Gespräch von 45 Minuten ist **kostenlos und unverbindlich**. Wählen Sie einen Wunschtermin, wir bestätigen ihn innert eines Arbeitstages.',
            'center',
          ),
        ],
        'starting',
      ),
      section(
        [
          el('special.form', {
            title: 'Erstgespräch anfragen',
            name: 'termin',
            properties: {
              type: 'object',
              properties: {
                name: { type: 'string', title: 'Name' },
                email: { type: 'string', title: 'E-Mail', format: 'email' },
                firma: { type: 'string', title: 'Firma' },
                telefon: { type: 'string', title: 'Telefon' },
                anliegen: {
                  type: 'string',
                  title: 'Anliegen',
                  enum: ['Strategie', 'Digitalisierung', 'Coaching', 'Anderes'],
                },
                wunschtermin: { type: 'string', title: 'Wunschtermin', format: 'date', 'x-minDate': 'today' },
                gespraechsform: { type: 'string', title: 'Gesprächsform', enum: ['In Basel', 'Online'] },
                zusatzinformation: { type: 'string', title: 'Nachricht', 'x-widget': 'textarea' },
              },
              required: ['name', 'email', 'wunschtermin'],
            },
            submitLabel: 'Termin anfragen',
            successMessage: 'Vielen Dank! Wir bestätigen Ihren Termin innert eines Arbeitstages.',
            validate: true,
          }),
        ],
        'ending',
      ),
    ],
  };
}

/** /Impressum: the legal notice. */
export function demoImpressum(ids: { layout: string; home: string }): Doc {
  return {
    name: 'Impressum',
    _parent: ids.home,
    title: 'Impressum',
    layout: ids.layout,
    description: 'Impressum der Rhein Consulting GmbH, Aeschenvorstadt 55, 4051 Basel.',
    language: 'de',
    _read: ['guest'],
    noIndex: false,
    elements: [
      section(
        [
          header('Impressum', 1),
          header('Verantwortlich für den Inhalt', 2),
          paragraph('**Rhein Consulting GmbH**\nAeschenvorstadt 55\n4051 Basel\nSchweiz'),
          paragraph(
            'Telefon: [061 555 00 00](tel:+41615550000)\nE-Mail: [hallo@rhein-consulting.ch](mailto:hallo@rhein-consulting.ch)',
          ),
          header('Handelsregister', 2),
          paragraph(
            'Eingetragen im Handelsregister des Kantons Basel-Stadt\nUID: CHE-123.456.789\nGeschäftsführung: Anna Weber',
          ),
          header('Haftungsausschluss', 2),
          paragraph(
            'Die Inhalte dieser Website werden mit grösster Sorgfalt erstellt. Für die Richtigkeit, Vollständigkeit und Aktualität der Inhalte übernehmen wir keine Gewähr. Links auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs.',
          ),
        ],
        'starting',
      ),
    ],
  };
}

/**
 * Writes the demo site (paths and breadcrumbs are derived from parent and name): pages first without content (their ids are linked from the layout and from
 * each other), then the layout, then the pages in full.
 */
export async function seedDemoSite(
  save: (model: string, doc: Doc) => Promise<string>,
  images: DemoImage[] = [],
): Promise<{ home: string; termin: string; impressum: string; layout: string }> {
  const home = await save('page', { name: 'Home', _read: ['guest'] });
  const termin = await save('page', { name: 'Termin', _parent: home, _read: ['guest'] });
  const impressum = await save('page', { name: 'Impressum', _parent: home, _read: ['guest'] });
  const layout = await save('layout', demoLayout({ impressum }));
  await save('page', { _id: home, ...demoHome({ layout, termin }, images) });
  await save('page', { _id: termin, ...demoTermin({ layout, home }) });
  await save('page', { _id: impressum, ...demoImpressum({ layout, home }) });
  return { home, termin, impressum, layout };
}
