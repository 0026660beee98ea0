/** The demo content of a fresh installation: a consulting business in Basel. Pure data builders. */

import { isoDate } from './generate';

type Doc = Record<string, unknown>;
const DAY_MS = 86_400_000;

export const DEMO_ROLES: { name: string; permissions: string[] }[] = [
  { name: 'admin', permissions: [] },
  { name: 'superuser', permissions: [] },
  { name: 'staff', permissions: ['manage:cms', 'manage:files'] },
  { name: 'accountant', permissions: ['manage:payment'] },
];

export const DEMO_USERS = [
  { login: 'anna', email: 'anna.weber@rhein-consulting.ch', firstName: 'Anna', lastName: 'Weber', roles: ['staff'] },
  {
    login: 'marco',
    email: 'marco.brunner@rhein-consulting.ch',
    firstName: 'Marco',
    lastName: 'Brunner',
    roles: ['accountant'],
  },
];

/** The demo clients, each with an hourly rate in EUR (the client schema's currency), so Create invoice bills their time. */
export const DEMO_CLIENTS: Doc[] = (
  [
    ['Rheinblick Immobilien AG', 'Sandra', 'Keller', 'rheinblick.ch', 'Freie Strasse', '12', '4001', 120],
    ['Spalenberg Druckerei GmbH', 'Reto', 'Meier', 'spalenberg-druck.ch', 'Spalenberg', '40', '4051', 110],
    ['Bäckerei Gundeli GmbH', 'Claudia', 'Schmid', 'baeckerei-gundeli.ch', 'Güterstrasse', '120', '4053', 95],
    ['Klybeck Logistik AG', 'Thomas', 'Huber', 'klybeck-logistik.ch', 'Klybeckstrasse', '95', '4057', 120],
    ['Münsterhügel Architektur AG', 'Daniela', 'Burckhardt', 'muensterhuegel.ch', 'Rittergasse', '4', '4051', 140],
  ] as const
).map(([name, firstname, lastname, domain, street, streetNumber, zip, hourlyRate]) => ({
  name,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@${domain}`,
  phone: `+41 61 555 ${zip.slice(2)} ${streetNumber.padStart(2, '0')}`,
  address: { street, streetNumber, zip, city: 'Basel', country: 'Schweiz' },
  hourlyRate,
}));

export interface DemoIds {
  clients: string[];
  anna: string;
  marco: string;
  /** The administrator, when one exists already (ensureAdmin runs before the demo on a start). */
  admin?: string;
}

const item = (name: string, description: string, price: number, count: number, user?: string) => ({
  name,
  description,
  price,
  count,
  ...(user ? { user } : {}),
});

/**
 * The incoming payment that settles the paid invoice: its gross amount (2'355.00 € net plus 8.1 % VAT, as
 * on its PDF), received in CHF at 0.95.
 */
export function paymentTransaction(now: number, ids: DemoIds): Doc {
  return {
    date: isoDate(now - 40 * DAY_MS),
    name: 'Zahlung Rechnung Website-Relaunch',
    description: 'Eingang Rheinblick Immobilien AG',
    client: ids.clients[0],
    user: ids.marco,
    amount: 2418.47,
    multiplier: 1,
    foreignAmount: 2545.76,
    direction: 'incoming',
  };
}

/**
 * One paid (first: the seed links `paymentId` back to it), one open and recent (pending), one open and
 * older than 14 days (overdue).
 */
export function demoInvoices(now: number, ids: DemoIds, paymentId: string): Doc[] {
  return [
    {
      name: 'Website-Relaunch',
      client: ids.clients[0],
      date: isoDate(now - 60 * DAY_MS),
      status: 'paid',
      transaction: paymentId,
      items: [
        item('Beratung und Konzept', 'Workshop mit der Geschäftsleitung, Zielgruppenanalyse', 150, 6.5, ids.anna),
        item('Umsetzung Startseite', 'Gestaltung und Programmierung', 120, 11.5, ids.anna),
      ],
    },
    {
      name: 'Drucksachen und Geschäftsbericht',
      client: ids.clients[1],
      date: isoDate(now - 3 * DAY_MS),
      status: 'open',
      items: [
        item('Layout Geschäftsbericht', '48 Seiten, zwei Korrekturrunden', 110, 14, ids.anna),
        item('Druckvorstufe', 'Reinzeichnung und PDF/X', 95, 3),
      ],
    },
    {
      name: 'Online-Bestellung Bäckerei',
      client: ids.clients[2],
      date: isoDate(now - 30 * DAY_MS),
      status: 'open',
      items: [item('Bestellformular', 'Vorbestellung von Backwaren mit Abholzeit', 120, 9.25, ids.anna)],
    },
  ];
}

export function demoOffers(now: number, ids: DemoIds): Doc[] {
  return [
    {
      name: 'Intranet Klybeck Logistik',
      client: ids.clients[3],
      subject: 'Angebot für ein Intranet mit Schichtplanung',
      date: isoDate(now - 10 * DAY_MS),
      items: [
        item('Konzeption', 'Anforderungsanalyse und Wireframes', 130, 16),
        item('Umsetzung', 'Intranet mit Anmeldung und Schichtplan', 110, 60),
      ],
      text: 'Sehr geehrter Herr Huber\n\nGerne unterbreiten wir Ihnen folgendes Angebot. Es ist 30 Tage gültig.\n\nFreundliche Grüsse\nRhein Consulting',
    },
    {
      name: 'Markenauftritt Münsterhügel',
      client: ids.clients[4],
      subject: 'Angebot für Logo, Geschäftspapiere und Website',
      date: isoDate(now - 2 * DAY_MS),
      items: [
        item('Markenworkshop', 'Halbtägiger Workshop vor Ort', 150, 4),
        item('Gestaltung', 'Logo, Briefschaft und Visitenkarten', 120, 20),
      ],
      text: 'Sehr geehrte Frau Burckhardt\n\nVielen Dank für das angenehme Gespräch. Gerne offerieren wir Ihnen:\n\nFreundliche Grüsse\nRhein Consulting',
    },
  ];
}

/** Projects paid in the last months: every other month one, from the clients in turn. */
const PROJECT_PAYMENTS = [
  { name: 'Zahlung Projekt Corporate Design', amount: 8400, client: 4 },
  { name: 'Zahlung Projekt Webshop', amount: 5250, client: 2 },
  { name: 'Zahlung Projekt Jahresbericht', amount: 11200, client: 1 },
  { name: 'Zahlung Projekt Kundenportal', amount: 3900, client: 3 },
  { name: 'Zahlung Projekt Immobilienportal', amount: 7600, client: 0 },
];

/**
 * The last eleven months as a consulting business books them: two monthly retainers and every other month
 * a project come in; rent and a salary go out each month, AHV every quarter. Without them the dashboard's
 * year showed a business paying out far more than it earned.
 */
function monthlyBookings(now: number, ids: DemoIds): Doc[] {
  const day = (n: number) => isoDate(now - n * DAY_MS);
  return Array.from({ length: 11 }, (_, month) => {
    const start = month * 30 + 13;
    const project = month % 2 === 1 ? PROJECT_PAYMENTS[(month - 1) / 2] : undefined;
    return [
      {
        date: day(start),
        name: 'Monatspauschale Beratungsmandat',
        client: ids.clients[3],
        amount: 4800,
        multiplier: 1,
        direction: 'incoming',
      },
      {
        date: day(start - 2),
        name: 'Monatspauschale Webbetreuung',
        client: ids.clients[0],
        amount: 1450,
        multiplier: 1,
        direction: 'incoming',
      },
      ...(project
        ? [
            {
              date: day(start - 9),
              ...project,
              client: ids.clients[project.client],
              multiplier: 1,
              direction: 'incoming',
            },
          ]
        : []),
      { date: day(start - 1), name: 'Büromiete Aeschenvorstadt', amount: 1850, multiplier: 1, direction: 'outgoing' },
      {
        date: day(start - 5),
        name: 'Lohnauszahlung Anna Weber',
        user: ids.anna,
        amount: 6200,
        multiplier: 1,
        direction: 'outgoing',
        type: 'payout',
      },
      ...(month % 3 === 2
        ? [
            {
              date: day(start - 12),
              name: 'AHV-Beiträge Quartal',
              amount: 2140.6,
              multiplier: 1,
              direction: 'outgoing',
              type: 'ahv',
            },
          ]
        : []),
    ];
  }).flat();
}

export function demoTransactions(now: number, ids: DemoIds): Doc[] {
  const day = (n: number) => isoDate(now - n * DAY_MS);
  return [
    ...monthlyBookings(now, ids),
    {
      date: day(20),
      name: 'Steuerrate Kanton Basel-Stadt',
      amount: 1850,
      multiplier: 1,
      direction: 'outgoing',
      type: 'tax',
    },
    { date: day(18), name: 'AHV-Beiträge Quartal', amount: 2140.6, multiplier: 1, direction: 'outgoing', type: 'ahv' },
    // Business costs: outgoing without a type, what the dashboard counts as expenses.
    {
      date: day(8),
      name: 'Software-Abos',
      description: 'Microsoft 365 Business, Adobe Creative Cloud',
      amount: 189.4,
      multiplier: 1,
      direction: 'outgoing',
    },
    { date: day(15), name: 'Swisscom Internet und Telefon', amount: 129.9, multiplier: 1, direction: 'outgoing' },
    {
      date: day(45),
      name: 'Betriebshaftpflichtversicherung',
      description: 'Jahresprämie',
      amount: 1180,
      multiplier: 1,
      direction: 'outgoing',
    },
    {
      date: day(12),
      name: 'Einzahlung Säule 3a',
      user: ids.marco,
      amount: 7056,
      multiplier: 1,
      direction: 'outgoing',
      type: 'payout_third_pillar_tax_free',
    },
    {
      date: day(5),
      name: 'Anzahlung Intranet',
      description: 'Anzahlung 30 % gemäss Angebot',
      client: ids.clients[3],
      amount: 2779.2,
      multiplier: 1.2,
      foreignAmount: 2412,
      direction: 'incoming',
    },
  ];
}

/** Services of the demo swarm (deployable once `DOCKER_HOST` points at a swarm-mode engine). */
export const DEMO_CONFIGS: Doc[] = [
  {
    name: 'website',
    domain: 'www.rhein-consulting.ch',
    image: 'nginx:1.27-alpine',
    replicas: 2,
    environment: [{ name: 'TZ', value: 'Europe/Zurich' }],
    targetPort: 80,
    publishedPort: 8080,
  },
  {
    name: 'termine',
    domain: 'termine.rhein-consulting.ch',
    image: 'ghcr.io/rhein-consulting/termine:2.4',
    replicas: 1,
    environment: [
      { name: 'TZ', value: 'Europe/Zurich' },
      { name: 'NODE_ENV', value: 'production' },
    ],
    targetPort: 3000,
    publishedPort: 8081,
  },
];

export const DEMO_REDIRECTS: Doc[] = [
  { name: 'Alter Kontaktlink', from: '/kontakt', to: '/Termin', permanent: true },
  { name: 'Kampagne Frühling', from: '/fruehling', to: '/Termin', permanent: false },
  {
    name: 'LinkedIn-Profil',
    from: '/linkedin',
    to: 'https://www.linkedin.com/company/rhein-consulting',
    permanent: false,
  },
];

const mailHtml = (body: string) =>
  `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#374151">${body}<p>Freundliche Grüsse<br>Rhein Consulting GmbH, Aeschenvorstadt 55, 4051 Basel</p></body></html>`;

export const DEMO_MAIL_TEMPLATES: Doc[] = [
  {
    // Sent to the business for every new contact request (its fields are the variables).
    name: 'contactRequest',
    subject: 'Neue Kontaktanfrage: {{subject}}',
    text: 'Neue Anfrage Nr. {{id}} vom {{receivedAt}}\n\n{{name}}\n{{email}}\n{{phone}}\n{{street}} {{streetNumber}}, {{city}}\n\nBetreff: {{subject}}\n\n{{message}}',
    html: mailHtml(
      '<p>Neue Anfrage Nr. {{id}} vom {{receivedAt}}</p><table><tr><td><strong>Name</strong></td><td>{{name}}</td></tr><tr><td><strong>E-Mail</strong></td><td><a href="mailto:{{email}}">{{email}}</a></td></tr><tr><td><strong>Telefon</strong></td><td>{{phone}}</td></tr><tr><td><strong>Adresse</strong></td><td>{{street}} {{streetNumber}}, {{city}}</td></tr><tr><td><strong>Betreff</strong></td><td>{{subject}}</td></tr></table><p style="white-space:pre-line">{{message}}</p>',
    ),
  },
  {
    name: 'contactConfirmation',
    subject: 'Ihre Anfrage bei Rhein Consulting',
    text: 'Guten Tag\n\nVielen Dank für Ihre Anfrage. Wir melden uns innert zwei Arbeitstagen.\n\nFreundliche Grüsse\nRhein Consulting GmbH',
    html: mailHtml(
      '<p>Guten Tag</p><p>Vielen Dank für Ihre Anfrage. Wir melden uns <strong>innert zwei Arbeitstagen</strong>.</p>',
    ),
  },
  {
    name: 'invoiceReminder',
    subject: 'Zahlungserinnerung',
    text: 'Guten Tag\n\nUnsere Rechnung ist noch offen. Bitte überweisen Sie den Betrag innert 10 Tagen.\n\nFreundliche Grüsse\nRhein Consulting GmbH',
    html: mailHtml(
      '<p>Guten Tag</p><p>Unsere Rechnung ist noch offen. Bitte überweisen Sie den Betrag <strong>innert 10 Tagen</strong>.</p>',
    ),
  },
];

export function demoContactRequests(now: number): Doc[] {
  return [
    [
      'Lukas',
      'Brunner',
      'Clarastrasse',
      '7',
      'Anfrage Website für Bäckerei',
      'Guten Tag, wir möchten unsere Website erneuern und hätten gerne ein Erstgespräch.',
      2,
    ],
    [
      'Nadine',
      'Graf',
      'Holbeinstrasse',
      '22',
      'Beratung Digitalisierung',
      'Können Sie uns bei der Auswahl einer Buchhaltungssoftware unterstützen?',
      6,
    ],
  ].map(([firstName, lastName, street, streetNumber, subject, message, days]) => ({
    data: {
      firstName,
      lastName,
      email: `${String(firstName).toLowerCase()}.${String(lastName).toLowerCase()}@example.ch`,
      phone: '+41 79 555 44 33',
      street,
      streetNumber,
      city: 'Basel',
      agb: new Date(now - Number(days) * DAY_MS).toISOString(),
      subject,
      message,
    },
  }));
}

export const DEMO_FORM_DATA: Doc[] = [
  { name: 'newsletter', data: { email: 'sandra.vogt@example.ch', interessen: ['Webdesign', 'SEO'] } },
  {
    name: 'configurator',
    data: { paket: 'Website Basis', seiten: 8, mehrsprachig: true, sections: { Umfang: 'Mittel' } },
  },
];

/**
 * Work of the last 7 days: one entry per weekday, with clients and multipliers, of users who may track
 * time (manage:payment): marco, and the admin on alternate days when there is one.
 */
export function demoTrackedTimes(now: number, ids: DemoIds): Doc[] {
  const entries: Doc[] = [];
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const tasks = [
    'Workshop Website-Relaunch',
    'Layout Geschäftsbericht',
    'Kundengespräch',
    'Bestellformular testen',
    'Offerte Intranet',
  ];
  const multipliers = [1, 1.2, 1, 1.5, 1];
  for (let day = 6; day >= 0; day--) {
    const date = today - day * DAY_MS;
    const weekday = new Date(date).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const start = date + 7 * 3_600_000 + (day % 3) * 1_800_000;
    const end = start + (2 + (day % 4)) * 3_600_000 + 900_000;
    if (end > now) continue;
    entries.push({
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      name: tasks[day % tasks.length],
      user: day % 2 ? (ids.admin ?? ids.marco) : ids.marco,
      client: ids.clients[day % ids.clients.length],
      multiplier: multipliers[day % multipliers.length],
    });
  }
  return entries;
}

export const DEMO_SITE_CONFIG: Doc = {
  title: 'Rhein Consulting',
  locale: 'de-CH',
  colors: { background: '#ffffff', primary: '#1d4ed8', secondary: '#64748b', text: '#374151' },
  domain: 'www.rhein-consulting.ch',
  localBusiness: {
    name: 'Rhein Consulting GmbH',
    phone: '+41 61 555 00 00',
    email: 'kontakt@rhein-consulting.ch',
    address: { street: 'Aeschenvorstadt 55', zip: '4051', city: 'Basel', state: 'BS', country: 'CH' },
    openingHours: [
      { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
    ],
  },
  // The QR-IBAN of SIX's QR-bill examples (valid checksum); the UID is the demo company's.
  billing: { iban: 'CH44 3199 9123 0008 8901 2', vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1, paymentTermDays: 14 },
};
