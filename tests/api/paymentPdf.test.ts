import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/access/caller';
import { ADMIN_COOKIE } from '../../src/server/modules/auth/sessionCookie';
import { invoiceReference } from '../../src/server/modules/payment/qrReference';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { invoicePdfUrl, offerPdfUrl, sessionTabUrl } from '../../src/shared/api/payment';
import { inspectPdf as inspect } from '../helpers/pdf';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('invoice and offer PDFs with the Swiss QR-bill', () => {
  let t: TestApp;
  let admin: string;
  let config: string;
  let invoice: Record<string, unknown> & { _id: string };
  let client: string;

  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
  const setBilling = (billing: Record<string, unknown>) =>
    t.app.services.documents.save(SYSTEM, 'siteConfig', { _id: config, billing });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    config = (await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG))._id;
    client = (
      await t.app.services.documents.save(SYSTEM, 'client', {
        name: 'Rheinblick Immobilien AG',
        address: { street: 'Freie Strasse', streetNumber: '12', zip: '4001', city: 'Basel', country: 'Schweiz' },
      })
    )._id;
    invoice = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Strategie-Workshop März',
      client,
      date: '2026-03-31',
      items: [
        { name: 'Workshop', description: 'Ganztägig bei Ihnen vor Ort', count: 1, price: 1000 },
        { name: 'Nachbereitung', count: 1.5, price: 156.33 },
      ],
    });
  });
  afterAll(() => t?.close());

  it('renders an A4 invoice with addresses, items, VAT and a QR-bill that any bank app can read', async () => {
    const response = await get(`/api/payment/invoice?id=${invoice._id}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Rechnung-${String(invoice.id)}-Rheinblick-Immobilien-AG.pdf"; filename*=UTF-8''Rechnung-${String(invoice.id)}-Rheinblick-Immobilien-AG.pdf`,
    );
    const { text, codes, pageSize } = inspect(response.rawPayload);
    expect(pageSize).toMatch(/^595\.2\d x 841\.8\d pts \(A4\)$/);
    expect(text).toContain(`Rechnung Nr. ${String(invoice.id)}`);
    expect(text).toContain('Rhein Consulting GmbH');
    expect(text).toContain('Freie Strasse 12');
    expect(text).toContain('4001 Basel');
    expect(text).toContain('Ganztägig bei Ihnen vor Ort');
    // Lines 1000.00 and 1.5 × 156.33 = 234.495 -> 234.50; net 1234.50; VAT 8.1 % = 99.9945 -> 99.99; gross 1334.49.
    expect(text).toMatch(/1,5\s+156,33 €\s+234,50 €/);
    expect(text).toMatch(/Netto\s+1\.234,50 €/);
    expect(text).toMatch(/MWST 8,1 %\s+99,99 €/);
    expect(text).toMatch(/Total\s+1\.334,49 €/);
    expect(text).toContain('Zahlteil');
    // Due 14 days after the invoice date (the demo billing's term), under the date and with the term.
    expect(text).toMatch(/Datum: 31\.03\.2026\s+Zahlbar bis: 14\.04\.2026/);
    expect(text).toContain('Zahlbar innert 14 Tagen, bis 14.04.2026.');
    // One page: no page numbers.
    expect(text).not.toContain('Seite');

    expect(codes).toHaveLength(1);
    const lines = codes[0].split(/\r?\n/);
    const reference = invoiceReference('CH4431999123000889012', Number(invoice.id));
    expect(isQRReferenceValid(reference)).toBe(true);
    expect(lines[0]).toBe('SPC');
    expect(lines[3]).toBe('CH4431999123000889012');
    expect(lines.slice(4, 11)).toEqual(['S', 'Rhein Consulting GmbH', 'Aeschenvorstadt 55', '', '4051', 'Basel', 'CH']);
    expect(lines[18]).toBe('1334.49');
    expect(lines[19]).toBe('EUR');
    expect(lines.slice(20, 27)).toEqual([
      'S',
      'Rheinblick Immobilien AG',
      'Freie Strasse',
      '12',
      '4001',
      'Basel',
      'CH',
    ]);
    expect(lines[27]).toBe('QRR');
    expect(lines[28]).toBe(reference);
    // The reference is kept on the invoice.
    const stored = await t.app.services.documents.findById(SYSTEM, 'invoice', invoice._id);
    expect(stored.reference).toBe(reference);
  });

  it('prints and names the file of a client whose name is beyond Latin-1 (Ł, ź)', async () => {
    const polish = await t.app.services.documents.save(SYSTEM, 'client', {
      name: 'Łódź Software Sp. z o.o.',
      address: { street: 'Piotrkowska', streetNumber: '1', zip: '90-001', city: 'Łódź', country: 'PL' },
    });
    const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Beratung',
      client: polish._id,
      date: '2026-04-01',
      items: [{ name: 'Beratung', count: 1, price: 100 }],
    });
    // Was a 500 (Node refuses such characters in a header), in Fastify's own words.
    const response = await get(`/api/payment/invoice?id=${saved._id}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const name = `Rechnung-${String(saved.id)}-Łódź-Software-Sp-z-o-o.pdf`;
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    // The letters themselves too, on the letter and in the payment part (PDF's Helvetica printed '6Az Software').
    const { text } = inspect(response.rawPayload);
    expect(text.match(/Łódź Software Sp\. z o\.o\./g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('90-001 Łódź');
  });

  it('names the file with the letters of a name typed decomposed (e + U+0301) or with marks (Hindi), not cut at them', async () => {
    for (const [name, inFile] of [
      ['Cafe\u0301 Mu\u0308ller', 'Café-Müller'],
      ['हिन्दी सेवाएँ', 'हिन्दी-सेवाएँ'],
    ]) {
      const address = { street: 'Freie Strasse', streetNumber: '1', zip: '4001', city: 'Basel', country: 'Schweiz' };
      const named = await t.app.services.documents.save(SYSTEM, 'client', { name, address });
      const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
        name: 'Beratung',
        client: named._id,
        date: '2026-04-01',
        items: [{ name: 'Beratung', count: 1, price: 100 }],
      });
      const response = await get(`/api/payment/invoice?id=${saved._id}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(`Rechnung-${String(saved.id)}-${inFile}.pdf`)}`,
      );
    }
  });

  it('puts the payment part on the last page of a long invoice', async () => {
    const long = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Jahresbegleitung',
      client,
      date: '2026-04-30',
      items: Array.from({ length: 60 }, (_, i) => ({ name: `Sitzung ${i + 1}`, count: 1, price: 100 })),
    });
    const { text, codes, codePages, pages } = inspect((await get(`/api/payment/invoice?id=${long._id}`)).rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Sitzung 60');
    // Each further page of items says whose it is and repeats the column titles.
    const continued = text.split('\f').filter((page) => page.includes('Sitzung'));
    expect(continued.length).toBeGreaterThanOrEqual(2);
    for (const page of continued.slice(1)) {
      expect(page).toContain(`Rechnung Nr. ${String(long.id)}, Fortsetzung`);
      expect(page).toMatch(/Beschreibung\s+Anzahl\s+Preis\s+Total/);
    }
    expect(codePages).toEqual([pages]);
    // Every page says which of how many it is, once.
    const numbered = text.split('\f').slice(0, pages);
    numbered.forEach((page, index) => {
      expect(page.match(/Seite \d+ von \d+/g)).toEqual([`Seite ${index + 1} von ${pages}`]);
    });
    // 60 × 100 = 6000 net, 8.1 % VAT = 486: the amount due is the gross.
    expect(codes[0].split(/\r?\n/)[18]).toBe('6486.00');
  });

  it('cuts a long name or street to the QR-bill limits, and prints no payment part when nothing is due', async () => {
    const name = 'Müller-Lüdenscheidt Genossenschaft für ausserordentlich lange Firmennamen und Verwaltung AG';
    const street = 'Sankt-Alban-Vorstadt beim Mühlenberg, Hinterhof Gebäude C, Aufgang Süd, dritter Stock';
    const long = (
      await t.app.services.documents.save(SYSTEM, 'client', {
        name,
        address: { street, streetNumber: '123a', zip: '4052', city: 'Basel', country: 'Schweiz' },
      })
    )._id;
    const invoiceFor = async (clientId: string, price: number, count = 1) =>
      (
        await t.app.services.documents.save(SYSTEM, 'invoice', {
          name: 'Beratung',
          client: clientId,
          date: '2026-11-20',
          items: [{ name: 'Beratung', count, price }],
        })
      )._id;
    const response = await get(`/api/payment/invoice?id=${await invoiceFor(long, 100)}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const { text, codes } = inspect(response.rawPayload);
    // The address block keeps the whole name; the QR-bill carries its first 70 characters (and 70 of the street).
    expect(text.replace(/\s+/g, ' ')).toContain(name);
    const lines = codes[0].split(/\r?\n/);
    expect(lines[21]).toBe(name.slice(0, 70).trim());
    expect(lines[22]).toBe(street.slice(0, 70).trim());
    expect(lines[18]).toBe('108.10');

    // A credit note (negative total) and a free invoice: no QR-bill (it may not carry 0 or less), and the PDF says so.
    const creditAnswer = await get(`/api/payment/invoice?id=${await invoiceFor(client, -100)}`);
    expect(creditAnswer.headers['content-disposition']).toMatch(/filename="Gutschrift-\d+-/);
    const credit = inspect(creditAnswer.rawPayload);
    expect(credit.codes).toEqual([]);
    expect(credit.text).toMatch(/Gutschrift Nr\. \d+/);
    expect(credit.text).not.toContain('Rechnung Nr.');
    expect(credit.text).not.toContain('Zahlteil');
    expect(credit.text).toMatch(/Total\s+-108,10 €/);
    expect(credit.text).toContain('Den Betrag von 108,10 € schreiben wir Ihnen gut.');
    const free = inspect((await get(`/api/payment/invoice?id=${await invoiceFor(client, 0)}`)).rawPayload);
    expect(free.codes).toEqual([]);
    expect(free.text).toContain('Es ist kein Betrag zu bezahlen.');
    expect(free.text).not.toContain('Zahlbar innert');
    expect(free.text).not.toContain('Zahlbar bis');
    expect(credit.text).not.toContain('Zahlbar');

    // More than a QR-bill can carry: 422 naming it, not a 500.
    // (A line's price is at most 1'000'000 €: 1'000 of them.)
    const huge = await get(`/api/payment/invoice?id=${await invoiceFor(client, 1_000_000, 1_000)}`);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error).toMatch(/the total is more than a QR-bill can carry/);
  });

  it('prints a unit price with its decimals beyond the cent, so count × price checks against the line total', async () => {
    const precise = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Druck',
      client,
      date: '2026-11-20',
      items: [{ name: 'Flyer', count: 1.5, price: 124.456 }],
    });
    // 1.5 × 124.456 = 186.684 -> 186.68 (the price printed as 124,46 € made it look like 186.69).
    const { text } = inspect((await get(`/api/payment/invoice?id=${precise._id}`)).rawPayload);
    expect(text).toMatch(/1,5\s+124,456 €\s+186,68 €/);
  });

  it('uses an ISO 11649 creditor reference with an ordinary IBAN, and no VAT without a VAT number', async () => {
    await setBilling({ iban: 'CH93 0076 2011 6238 5295 7', paymentTermDays: 20 });
    const other = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Coaching',
      client,
      date: '2026-04-02',
      items: [{ name: 'Coaching', count: 2, price: 180 }],
    });
    const { text, codes } = inspect((await get(`/api/payment/invoice?id=${other._id}`)).rawPayload);
    expect(text).not.toContain('MWST');
    expect(text).toMatch(/Total\s+360,00 €/);
    expect(text).toContain('Zahlbar bis: 22.04.2026');
    expect(text).toContain('Zahlbar innert 20 Tagen, bis 22.04.2026.');
    const lines = codes[0].split(/\r?\n/);
    expect(lines[27]).toBe('SCOR');
    expect(isSCORReferenceValid(lines[28])).toBe(true);
    expect(lines[28]).toBe(`RF${lines[28].slice(2, 4)}INV${String(other.id)}`);
    // A term of 0 days: payable at once, due on the invoice date.
    await setBilling({ iban: 'CH93 0076 2011 6238 5295 7', paymentTermDays: 0 });
    const now = inspect((await get(`/api/payment/invoice?id=${other._id}`)).rawPayload).text;
    expect(now).toContain('Zahlbar bis: 02.04.2026');
    expect(now).toContain('Zahlbar sofort, bis 02.04.2026.');
    await setBilling(DEMO_SITE_CONFIG.billing as Record<string, unknown>);
  });

  it('prints a soft hyphen only where a line breaks, in invoices and offers', async () => {
    const long =
      'Donau\u00ADdampf\u00ADschiff\u00ADfahrts\u00ADgesell\u00ADschafts\u00ADkapitäns\u00ADmützen\u00ADabzeichen';
    const items = [{ name: 'Über\u00ADgang', description: long, count: 1, price: 100 }];
    const soft = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'Weiche Trennung',
      client,
      date: '2026-03-31',
      items,
    });
    const offer = await t.app.services.documents.save(SYSTEM, 'offer', {
      name: 'Weiche Trennung',
      client,
      date: '2026-03-31',
      subject: 'Angebot Über\u00ADgang',
      items,
    });
    for (const url of [`/api/payment/invoice?id=${soft._id}`, `/api/offer/${offer._id}`]) {
      const response = await get(url);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { text } = inspect(response.rawPayload);
      // Inside a line: no hyphen, and no invisible character left in the word either.
      expect(text).toMatch(/^\s*Übergang\s/m);
      expect(text).not.toMatch(/Über\S+gang/);
      // The long word does not fit the column: it breaks at a soft hyphen, which prints there as a hyphen.
      const lines = text.split('\n').filter((line) => /Donau|abzeichen/.test(line) || /\S-$/.test(line.trim()));
      const broken = lines.map((line) => line.trim().split(/\s{2,}/)[0]);
      expect(broken.join('|')).toMatch(/^Donau[a-zä]+-\|[a-zä]+/);
      expect(broken.join('').replaceAll('-', '')).toContain(
        'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen',
      );
    }
    const offerText = inspect((await get(`/api/offer/${offer._id}`)).rawPayload).text;
    expect(offerText).toContain('Angebot Übergang');
  });

  it('renders an offer without a payment part', async () => {
    const offer = await t.app.services.documents.save(SYSTEM, 'offer', {
      name: 'Begleitung 2026',
      subject: 'Begleitung der Umsetzung',
      text: 'Sehr geehrte Frau Keller\n\nGerne offerieren wir Ihnen:\n\nFreundliche Grüsse\nRhein Consulting',
      client,
      date: '2026-01-15',
      items: [{ name: 'Steuerungsrunde', count: 6, price: 800 }],
    });
    const response = await get(`/api/offer/${offer._id}`);
    expect(response.statusCode).toBe(200);
    const { text, codes } = inspect(response.rawPayload);
    expect(text).toContain(`Offerte Nr. ${String(offer.id)}`);
    expect(text).toContain('Begleitung der Umsetzung');
    expect(text).toMatch(/Total\s+5\.188,80 €/);
    // The letter: salutation and introduction above the items, the closing under the total.
    const at = (words: string) => text.indexOf(words);
    expect(at('Gerne offerieren wir Ihnen:')).toBeLessThan(at('Steuerungsrunde'));
    expect(at('Freundliche Grüsse')).toBeGreaterThan(at('5.188,80 €'));
    expect(at('Rhein Consulting\n')).toBeGreaterThan(at('Freundliche Grüsse'));
    expect(codes).toEqual([]);
    // An offer asks for no payment.
    expect(text).not.toContain('Zahlbar');
  });

  it('numbers the pages of a long offer', async () => {
    const offer = await t.app.services.documents.save(SYSTEM, 'offer', {
      name: 'Rahmenangebot',
      client,
      date: '2026-01-15',
      items: Array.from({ length: 70 }, (_, i) => ({ name: `Modul ${i + 1}`, count: 1, price: 500 })),
    });
    const { text, pages } = inspect((await get(`/api/offer/${offer._id}`)).rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    const numbered = text.split('\f').slice(0, pages);
    numbered.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pages}`));
  });

  it('prints an offer for a prospect with only a name or an incomplete address (an offer has no QR-bill)', async () => {
    const prospect = async (doc: Record<string, unknown>) =>
      (await t.app.services.documents.save(SYSTEM, 'client', doc))._id;
    const nameOnly = await prospect({ name: 'Nur Name' });
    const noCountry = await prospect({
      name: 'Interessent Muster',
      address: { street: 'Freie Strasse', zip: '4001', city: 'Basel' },
    });
    const abroad = await prospect({
      name: 'Fernkunde',
      address: { street: 'Hauptstrasse', streetNumber: '1', zip: '79539', city: 'Lörrach', country: 'Deutschland' },
    });
    const elsewhere = await prospect({ name: 'Weitweg', address: { city: 'Atlantis', country: 'Nirgendland' } });
    const offerFor = async (client: string) =>
      get(
        `/api/offer/${
          (
            await t.app.services.documents.save(SYSTEM, 'offer', {
              name: 'Erstgespräch',
              client,
              date: '2026-11-20',
              items: [{ name: 'Workshop', count: 1, price: 900 }],
            })
          )._id
        }`,
      );

    const onlyName = await offerFor(nameOnly);
    expect(onlyName.statusCode, onlyName.body.slice(0, 200)).toBe(200);
    expect(onlyName.headers['content-type']).toBe('application/pdf');
    expect(inspect(onlyName.rawPayload).text).toContain('Nur Name');

    const partial = await offerFor(noCountry);
    expect(partial.statusCode, partial.body.slice(0, 200)).toBe(200);
    expect(partial.headers['content-type']).toBe('application/pdf');
    const partialText = inspect(partial.rawPayload).text;
    expect(partialText).toContain('Interessent Muster');
    expect(partialText).toContain('Freie Strasse');
    expect(partialText).toContain('4001 Basel');
    expect(inspect(partial.rawPayload).codes).toEqual([]);

    const german = inspect((await offerFor(abroad)).rawPayload).text;
    expect(german).toContain('Hauptstrasse 1');
    expect(german).toContain('DE-79539 Lörrach');
    const unknown = await offerFor(elsewhere);
    expect(unknown.statusCode).toBe(200);
    expect(inspect(unknown.rawPayload).text).toMatch(/Atlantis\s+Nirgendland/);

    // An invoice to the same clients still needs the structured address of its QR-bill.
    const invoiceFor = async (client: string) =>
      get(
        `/api/payment/invoice?id=${
          (
            await t.app.services.documents.save(SYSTEM, 'invoice', {
              name: 'Workshop',
              client,
              date: '2026-11-20',
              items: [{ name: 'Workshop', count: 1, price: 900 }],
            })
          )._id
        }`,
      );
    const refused = await invoiceFor(noCountry);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      'Client Interessent Muster › Address is incomplete: fill in country (a QR-bill needs a structured address)',
    );
    const bare = await invoiceFor(nameOnly);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error).toMatch(/^Client Nur Name › Address is incomplete: fill in street, zip, city, country/);
    const unknownCountry = await invoiceFor(elsewhere);
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().error).toMatch(/street, zip/);
  });

  it('serves the PDFs under /_ to a tab with the session cookie, named by the server; the API refuses the cookie', async () => {
    const cookie = (token: string) => ({ cookie: `${ADMIN_COOKIE}=${encodeURIComponent(token)}` });
    const tab = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? cookie(token) : {} });
    const pdf = await tab(sessionTabUrl(invoicePdfUrl(invoice._id)), admin);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^inline; filename="Rechnung-\d+-Rheinblick-Immobilien-AG\.pdf"/,
    );
    const offer = await t.app.services.documents.save(SYSTEM, 'offer', {
      name: 'O',
      client,
      date: '2026-03-31',
      items: [],
    });
    const offerPdf = await tab(sessionTabUrl(offerPdfUrl(offer._id)), admin);
    expect(offerPdf.statusCode).toBe(200);
    expect(offerPdf.headers['content-disposition']).toMatch(
      /^inline; filename="Offerte-\d+-Rheinblick-Immobilien-AG\.pdf"/,
    );
    // The server's checks hold there too: no cookie 401, a cookie of staff without manage:payment 403.
    expect((await tab(sessionTabUrl(invoicePdfUrl(invoice._id)))).statusCode).toBe(401);
    const staff = (await userWithRole(t, admin, 'sally', 'staff')).token;
    expect((await tab(sessionTabUrl(invoicePdfUrl(invoice._id)), staff)).statusCode).toBe(403);
    // The API itself takes the Authorization header only.
    expect((await tab(invoicePdfUrl(invoice._id), admin)).statusCode).toBe(401);
  });

  it('sets the session cookie on the token of the session check, so a login from before the cookie opens PDFs', async () => {
    const answer = await get('/api/admin/session');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toContain(`${ADMIN_COOKIE}=${encodeURIComponent(admin)};`);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session' })).headers['set-cookie']).toBeUndefined();
  });

  it('answers 422 naming the field for data that cannot make a correct PDF, and refuses without manage:payment', async () => {
    const homeless = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Ohne Adresse GmbH' }))._id;
    const bad = await t.app.services.documents.save(SYSTEM, 'invoice', {
      name: 'X',
      client: homeless,
      date: '2026-05-01',
      items: [],
    });
    const noAddress = await get(`/api/payment/invoice?id=${bad._id}`);
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error).toBe(
      'Client Ohne Adresse GmbH › Address is incomplete: fill in street, zip, city, country (a QR-bill needs a structured address)',
    );
    // An invalid IBAN cannot even be saved; one stored before is refused when the PDF is made.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateOne?model=siteConfig',
      headers: t.auth(admin),
      payload: { _id: config, billing: { iban: 'CH44 3199 9123 0008 8901 3' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/Billing IBAN .* is not valid/);
    // Without an IBAN there is no payment part to make: 422 naming the setting, not a PDF without it.
    await setBilling({ paymentTermDays: 30 });
    const noIban = await get(`/api/payment/invoice?id=${invoice._id}`);
    expect(noIban.statusCode).toBe(422);
    expect(noIban.headers['content-type']).toMatch(/application\/json/);
    expect(noIban.json().error).toBe('Site configuration › Billing › IBAN is missing');
    await setBilling(DEMO_SITE_CONFIG.billing as Record<string, unknown>);

    const staff = (await userWithRole(t, admin, 'sam', 'staff')).token;
    expect((await get(`/api/payment/invoice?id=${invoice._id}`, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/offer/${invoice._id}` })).statusCode).toBe(401);
    expect((await get('/api/payment/invoice?id=nope')).statusCode).toBe(400);
  });
});
