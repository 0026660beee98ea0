/**
 * Deterministic generators of realistic documents (Basel companies, German invoice lines) for the
 * bulk seed and the benchmark. Pure: no I/O; the random source is a seeded PRNG.
 */

export type Rng = () => number;

/** mulberry32: small, fast, good enough for test data; the same seed gives the same documents. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
export const between = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));

const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Sandra',
  'Marco',
  'Martina',
  'Reto',
  'Claudia',
  'Stefan',
  'Nadine',
  'Thomas',
  'Daniela',
  'Urs',
  'Sabine',
  'Beat',
  'Corinne',
  'Matthias',
  'Simone',
  'Patrick',
  'Yvonne',
  'Jürg',
];
const LAST_NAMES = [
  'Keller',
  'Brunner',
  'Meier',
  'Müller',
  'Schmid',
  'Weber',
  'Huber',
  'Vogt',
  'Frei',
  'Baumann',
  'Gerber',
  'Zimmermann',
  'Graf',
  'Wyss',
  'Suter',
  'Moser',
  'Bachmann',
  'Christ',
  'Burckhardt',
  'Sarasin',
];
const COMPANY_WORDS = [
  'Rheinblick',
  'Münsterhügel',
  'Spalen',
  'Dreiländereck',
  'Klybeck',
  'Gundeli',
  'St. Johann',
  'Birsig',
  'Wettstein',
  'Kleinbasel',
  'Riehen',
  'Aeschen',
  'Steinen',
  'Barfüsser',
  'Elisabethen',
  'Novartis-Campus',
  'Rosental',
  'Breite',
  'Bachletten',
  'Hirzbrunnen',
];
const TRADES = [
  'Immobilien',
  'Treuhand',
  'Architektur',
  'Bäckerei',
  'Druckerei',
  'Garage',
  'Apotheke',
  'Schreinerei',
  'Consulting',
  'Gastro',
  'Logistik',
  'Zahnarztpraxis',
  'Elektro',
  'Malerei',
  'Verlag',
  'Optik',
  'Physiotherapie',
  'Reisen',
  'Weinhandel',
  'Informatik',
];
const LEGAL_FORMS = ['AG', 'GmbH', 'GmbH', 'AG', '& Co.', 'Genossenschaft'];
const STREETS = [
  'Freie Strasse',
  'Steinenvorstadt',
  'Clarastrasse',
  'Aeschenvorstadt',
  'Spalenberg',
  'Gerbergasse',
  'Elisabethenstrasse',
  'Güterstrasse',
  'Feldbergstrasse',
  'Hammerstrasse',
  'St. Johanns-Vorstadt',
  'Missionsstrasse',
  'Riehenring',
  'Dornacherstrasse',
  'Holbeinstrasse',
];
const ZIPS = ['4001', '4051', '4052', '4053', '4054', '4055', '4056', '4057', '4058', '4059'];
const SERVICES = [
  { name: 'Beratung', description: 'Strategieworkshop mit der Geschäftsleitung', price: 150 },
  { name: 'Konzept', description: 'Anforderungsanalyse und Grobkonzept', price: 130 },
  { name: 'Webdesign', description: 'Gestaltung der Startseite und Unterseiten', price: 120 },
  { name: 'Umsetzung', description: 'Programmierung und Inhaltspflege', price: 110 },
  { name: 'Suchmaschinenoptimierung', description: 'Analyse und Optimierung der Sichtbarkeit', price: 125 },
  { name: 'Schulung', description: 'Einführung der Mitarbeitenden in das CMS', price: 100 },
  { name: 'Support', description: 'Wartung und Betreuung', price: 95 },
  { name: 'Fotografie', description: 'Bilder der Räumlichkeiten und des Teams', price: 140 },
];
const PROJECTS = [
  'Website-Relaunch',
  'Online-Shop',
  'Markenauftritt',
  'Intranet',
  'Newsletter',
  'Digitalisierung',
  'Jahresbericht',
  'Kampagne',
];
const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** ASCII form of a name for e-mail addresses (ä -> ae, spaces and dots dropped). */
export function mailPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/[^a-z0-9-]/g, '');
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface GeneratedClient {
  id: number;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  address: { street: string; streetNumber: string; zip: string; city: string; country: string };
}

export function generateClient(rng: Rng, id: number): GeneratedClient {
  const word = pick(rng, COMPANY_WORDS);
  const name = `${word} ${pick(rng, TRADES)} ${pick(rng, LEGAL_FORMS)}`;
  const firstname = pick(rng, FIRST_NAMES);
  const lastname = pick(rng, LAST_NAMES);
  return {
    id,
    name,
    firstname,
    lastname,
    email: `${mailPart(firstname)}.${mailPart(lastname)}@${mailPart(word)}.ch`,
    phone: `+41 61 ${between(rng, 200, 999)} ${between(rng, 10, 99)} ${between(rng, 10, 99)}`,
    address: {
      street: pick(rng, STREETS),
      streetNumber: String(between(rng, 1, 120)),
      zip: pick(rng, ZIPS),
      city: 'Basel',
      country: 'Schweiz',
    },
  };
}

export interface GeneratedItem {
  name: string;
  description: string;
  price: number;
  count: number;
  user?: string;
}

/** Prices are whole euros and counts quarter hours, so every product and sum is exact in floating point. */
export function generateItems(rng: Rng, users: readonly string[]): GeneratedItem[] {
  return Array.from({ length: between(rng, 1, 4) }, () => {
    const service = pick(rng, SERVICES);
    const item: GeneratedItem = { ...service, count: between(rng, 1, 48) / 4 };
    if (users.length) item.user = pick(rng, users);
    return item;
  });
}

export interface GeneratedInvoice {
  id: number;
  name: string;
  client: string;
  items: GeneratedItem[];
  date: string;
  status: 'open' | 'paid';
}

/**
 * An invoice dated `dateMs`; older ones are mostly paid, recent ones mostly open, unless
 * `openShare` fixes the share of open invoices (the benchmark wants many).
 */
export function generateInvoice(
  rng: Rng,
  id: number,
  dateMs: number,
  now: number,
  refs: { clients: readonly string[]; users: readonly string[]; openShare?: number },
): GeneratedInvoice {
  const { clients, users, openShare } = refs;
  const date = new Date(dateMs);
  const ageDays = (now - dateMs) / 86_400_000;
  const paidChance = openShare !== undefined ? 1 - openShare : ageDays > 60 ? 0.9 : ageDays > 14 ? 0.6 : 0.2;
  return {
    id,
    name: `${pick(rng, PROJECTS)} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
    client: pick(rng, clients),
    items: generateItems(rng, users),
    date: isoDate(dateMs),
    status: rng() < paidChance ? 'paid' : 'open',
  };
}

export function generateOffer(rng: Rng, id: number, dateMs: number, clients: readonly string[]) {
  const project = pick(rng, PROJECTS);
  return {
    id,
    name: `${project} ${pick(rng, COMPANY_WORDS)}`,
    client: pick(rng, clients),
    subject: `Angebot für ${project}`,
    items: generateItems(rng, []).map(({ user: _user, ...item }) => item),
    text: 'Sehr geehrte Damen und Herren\n\nGerne unterbreiten wir Ihnen folgendes Angebot. Es ist 30 Tage gültig.\n\nFreundliche Grüsse',
    date: isoDate(dateMs),
  };
}

const OUTGOING = [
  { name: 'Lohnauszahlung', type: 'payout' },
  { name: 'Steuerrate Kanton Basel-Stadt', type: 'tax' },
  { name: 'AHV-Beiträge', type: 'ahv' },
  { name: 'Einzahlung Säule 3a', type: 'payout_third_pillar_tax_free' },
] as const;

export function generateTransaction(rng: Rng, dateMs: number, clients: readonly string[]) {
  if (rng() < 0.6) {
    const euros = between(rng, 4, 200) * 25;
    return {
      date: isoDate(dateMs),
      name: `Zahlungseingang ${pick(rng, PROJECTS)}`,
      client: pick(rng, clients),
      amount: Math.round(euros * 0.95 * 100) / 100,
      multiplier: 1,
      foreignAmount: euros,
      direction: 'incoming' as const,
    };
  }
  const kind = pick(rng, OUTGOING);
  return {
    date: isoDate(dateMs),
    name: kind.name,
    amount: between(rng, 5, 800) * 10,
    multiplier: 1,
    direction: 'outgoing' as const,
    type: kind.type,
  };
}
