import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';
import { formatDate } from '../../../shared/format/date';
import { formatMoney, formatUnitPrice } from '../../../shared/format/money';
import { DEFAULT_PAYMENT_TERM_DAYS, dueDate } from '../../../shared/rules/paymentTerm';
import { roundCents as round, vatOf } from '../../../shared/rules/vat';
import { splitLetterText } from './letterText';
import { hyphenateOnlyAtLineBreaks } from './softHyphens';

/** What a PDF shows of the business, the client and the document (invoice or offer). */
export interface Party {
  name: string;
  street?: string;
  buildingNumber?: string;
  zip?: string;
  city?: string;
  /** ISO 3166 two-letter code, or (offers only) a country the QR-bill does not know, as typed. */
  country?: string;
}
/** A structured address, as a QR-bill needs it for the creditor and the debtor. */
export interface PostalParty extends Party {
  zip: string;
  city: string;
  country: string;
}
export interface PdfItem {
  name: string;
  description?: string;
  count: number;
  price: number;
}
interface DocumentBase {
  number: number;
  date: string;
  subject?: string;
  text?: string;
  items: PdfItem[];
  creditor: PostalParty & { vatNumber?: string };
  /** Percent, only with a VAT number. */
  vatRate?: number;
}
/** An invoice ends with a QR-bill, so its client needs a structured address; an offer prints what address there is. */
export type BusinessDocument =
  | (DocumentBase & {
      kind: 'invoice';
      debtor: PostalParty;
      /** Days to pay from the invoice date (the site configuration's billing); 30 when it names none. */
      paymentTermDays?: number;
      /** The QR-bill's payment part. */
      payment: { iban: string; reference: string };
    })
  | (DocumentBase & { kind: 'offer'; debtor: Party });

/**
 * The documents' typeface, embedded: Arimo, the design Liberation Sans (which the QR-bill style guide allows for the
 * payment part) is made from. PDFs' built-in Helvetica knows only Windows-1252, so a client in Łódź came out as
 * '6Az'; Arimo writes every Latin, Greek and Cyrillic letter. Registered under the name the QR-bill library asks for.
 */
const FONT = 'Liberation Sans';
const FONT_BOLD = `${FONT}-Bold`;
const fontFile = (path: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/arimo/${path}`));
const FONTS = {
  [FONT]: fontFile('400Regular/Arimo_400Regular.ttf'),
  [FONT_BOLD]: fontFile('700Bold/Arimo_700Bold.ttf'),
};

const A4_MARGIN = 56;
const GREY = '#555555';
const money = (amount: number) => formatMoney(amount, 'EUR');
/** The largest amount a QR-bill carries. */
export const QR_MAX_AMOUNT = 999_999_999.99;
/** Net, VAT and gross of a document's items (gross = net without VAT). */
export function totals(doc: Pick<DocumentBase, 'items' | 'vatRate' | 'creditor'>) {
  // The total is the sum of the line totals as printed.
  const net = round(doc.items.reduce((sum, item) => sum + round(item.count * item.price), 0));
  const vat = vatOf(net, { vatNumber: doc.creditor.vatNumber, vatRate: doc.vatRate });
  return { net, vat, gross: round(net + vat) };
}

/** The address block: the lines there are (an offer's prospect may have only a name). */
function addressLines(party: Party): string[] {
  const code = party.country && /^[A-Z]{2}$/.test(party.country) ? party.country : undefined;
  const place = [party.zip, party.city].filter(Boolean).join(' ');
  return [
    party.name,
    [party.street, party.buildingNumber].filter(Boolean).join(' '),
    place && code && code !== 'CH' ? `${code}-${place}` : place,
    code ? '' : (party.country ?? ''),
  ].filter((line) => line.trim() !== '');
}

/** What the document is called: an invoice whose total is negative credits the client ('Gutschrift'). */
export function documentKindName(doc: BusinessDocument): string {
  if (doc.kind !== 'invoice') return 'Offerte';
  return totals(doc).gross < 0 ? 'Gutschrift' : 'Rechnung';
}

/** An A4 invoice or offer in German; an invoice ends with a Swiss QR-bill payment part (swissqrbill on PDFKit). */
export function renderBusinessPdf(doc: BusinessDocument): Promise<Buffer> {
  const kind = documentKindName(doc);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    info: { Title: `${kind} ${doc.number}`, Author: doc.creditor.name },
    // Kept until the end, so each page can say which of how many it is.
    bufferPages: true,
  });
  for (const [name, data] of Object.entries(FONTS)) pdf.registerFont(name, data);
  pdf.font(FONT);
  hyphenateOnlyAtLineBreaks(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 2 * A4_MARGIN;
  // Sender line and the business's address, the client's address in the window position.
  pdf.font(FONT_BOLD).fontSize(14).text(doc.creditor.name, A4_MARGIN, A4_MARGIN);
  pdf.font(FONT).fontSize(9).fillColor(GREY).text(addressLines(doc.creditor).slice(1).join(' · '));
  if (doc.creditor.vatNumber) pdf.text(doc.creditor.vatNumber);
  pdf.fillColor('black').fontSize(11).text(addressLines(doc.debtor).join('\n'), A4_MARGIN, 150);

  const title = `${kind} Nr. ${doc.number}`;
  pdf.font(FONT_BOLD).fontSize(16).text(title, A4_MARGIN, 250);
  pdf
    .font(FONT)
    .fontSize(10)
    .text(`Datum: ${formatDate(doc.date)}`, { continued: false });
  const { net, vat, gross } = totals(doc);
  const payable = doc.kind === 'invoice' && gross > 0 ? paymentTerm(doc.date, doc.paymentTermDays) : undefined;
  if (payable?.due) pdf.text(`Zahlbar bis: ${formatDate(payable.due)}`);
  if (doc.subject) pdf.moveDown(0.5).font(FONT_BOLD).fontSize(11).text(doc.subject).font(FONT);
  // A letter's closing ("Freundliche Grüsse ...") goes under the items, not above them.
  const letter = splitLetterText(doc.text ?? '');
  if (letter.intro) pdf.moveDown(0.5).fontSize(10).text(letter.intro, { width });
  pdf.moveDown(1);

  // Items: description, count, price, line total.
  const columns = [
    { title: 'Beschreibung', x: A4_MARGIN, width: width - 250, align: 'left' as const },
    { title: 'Anzahl', x: A4_MARGIN + width - 245, width: 60, align: 'right' as const },
    { title: 'Preis', x: A4_MARGIN + width - 180, width: 85, align: 'right' as const },
    { title: 'Total', x: A4_MARGIN + width - 90, width: 90, align: 'right' as const },
  ];
  const draw = (cells: string[], bold: boolean) => {
    const top = pdf.y;
    pdf.font(bold ? FONT_BOLD : FONT).fontSize(10);
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index];
      pdf.text(cell, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 4;
  };
  const header = () => {
    draw(
      columns.map((column) => column.title),
      true,
    );
    pdf
      .moveTo(A4_MARGIN, pdf.y - 2)
      .lineTo(A4_MARGIN + width, pdf.y - 2)
      .stroke();
  };
  // A row that does not fit starts a new page, which says whose it is and repeats the column titles.
  const row = (cells: string[], bold = false) => {
    pdf.font(bold ? FONT_BOLD : FONT).fontSize(10);
    const height = Math.max(
      ...cells.map((cell, index) => pdf.heightOfString(cell || ' ', { width: columns[index].width })),
    );
    if (pdf.y + height > pdf.page.height - A4_MARGIN) {
      pdf.addPage();
      pdf.font(FONT).fontSize(9).fillColor(GREY).text(`${title}, Fortsetzung`, A4_MARGIN, A4_MARGIN);
      pdf.fillColor('black').moveDown(1);
      header();
    }
    draw(cells, bold);
  };
  header();
  for (const item of doc.items) {
    const description = item.description ? `${item.name}\n${item.description}` : item.name;
    row([
      description,
      formatCount(item.count),
      formatUnitPrice(item.price, 'EUR'),
      money(round(item.count * item.price)),
    ]);
  }
  pdf
    .moveTo(A4_MARGIN, pdf.y)
    .lineTo(A4_MARGIN + width, pdf.y)
    .stroke();
  pdf.moveDown(0.5);
  const sum = (label: string, amount: number, bold = false) => row(['', '', label, money(amount)], bold);
  if (doc.creditor.vatNumber && doc.vatRate) {
    sum('Netto', net);
    sum(`MWST ${formatCount(doc.vatRate)} %`, vat);
    sum('Total', gross, true);
  } else sum('Total', net, true);
  if (letter.closing) {
    pdf.moveDown(1.5);
    if (pdf.y > pdf.page.height - 120) pdf.addPage();
    pdf.font(FONT).fontSize(10).text(letter.closing, A4_MARGIN, pdf.y, { width });
  }

  if (doc.kind === 'invoice') {
    const due = gross;
    pdf.moveDown(1);
    pdf.font(FONT).fontSize(10).text(paymentLine(due, payable), A4_MARGIN, pdf.y, { width });
    // Nothing to pay (a credit note or a free invoice): a QR-bill may not carry 0 or a negative amount.
    if (due <= 0) return finish(pdf, done);
    const data: QrBillData = {
      currency: 'EUR',
      amount: due,
      reference: doc.payment.reference,
      creditor: { ...qrParty(doc.creditor), account: doc.payment.iban.replace(/\s/g, '') },
      debtor: qrParty(doc.debtor),
      message: `Rechnung ${doc.number}`,
    };
    // The payment part sits at the foot of the last page, on a new page when it does not fit.
    new SwissQRBill(data, { language: 'DE', fontName: FONT }).attachTo(pdf);
  }
  return finish(pdf, done);
}

/**
 * Ends the PDF; a document of several pages says on each 'Seite 2 von 3', at the top right above the
 * letterhead (the foot of the last page of an invoice is its QR-bill's payment part).
 */
function finish(pdf: PDFKit.PDFDocument, done: Promise<Buffer>): Promise<Buffer> {
  const { start, count } = pdf.bufferedPageRange();
  if (count > 1) {
    for (let index = 0; index < count; index++) {
      pdf.switchToPage(start + index);
      pdf
        .font(FONT)
        .fontSize(8)
        .fillColor(GREY)
        .text(`Seite ${index + 1} von ${count}`, A4_MARGIN, A4_MARGIN / 2, {
          width: pdf.page.width - 2 * A4_MARGIN,
          align: 'right',
          lineBreak: false,
        });
    }
  }
  pdf.end();
  return done;
}

/** When an invoice of `date` is due: the term in days (30 when the billing settings name none) and its day. */
function paymentTerm(date: string, termDays = DEFAULT_PAYMENT_TERM_DAYS) {
  return { days: termDays, due: dueDate(date, termDays) };
}

/** What the invoice says about paying: the term and its day, or that nothing is due. */
function paymentLine(due: number, term: ReturnType<typeof paymentTerm> | undefined): string {
  if (due < 0) return `Den Betrag von ${money(-due)} schreiben wir Ihnen gut.`;
  if (due === 0 || !term) return 'Es ist kein Betrag zu bezahlen.';
  const until = term.due ? `, bis ${formatDate(term.due)}` : '';
  if (term.days === 0) return `Zahlbar sofort${until}.`;
  return `Zahlbar innert ${term.days} ${term.days === 1 ? 'Tag' : 'Tagen'}${until}.`;
}

/** The QR-bill's field lengths (Swiss Implementation Guidelines): longer text is cut, the letterhead keeps it whole. */
const QR_LIMITS = { name: 70, address: 70, buildingNumber: 16, zip: 16, city: 35 } as const;
const cut = (value: string, length: number) => value.trim().slice(0, length).trim();

function qrParty(party: PostalParty) {
  return {
    name: cut(party.name, QR_LIMITS.name),
    address: cut(party.street ?? '', QR_LIMITS.address),
    ...(party.buildingNumber ? { buildingNumber: cut(party.buildingNumber, QR_LIMITS.buildingNumber) } : {}),
    zip: cut(party.zip, QR_LIMITS.zip),
    city: cut(party.city, QR_LIMITS.city),
    country: party.country,
  };
}

const formatCount = (value: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 }).format(value);
