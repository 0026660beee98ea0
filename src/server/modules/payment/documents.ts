import { isValidIBAN } from 'ibantools';
import { isObjectId } from '../../../shared/format/objectId';
import type { SiteConfig } from '../../../shared/generated/types';
import { SYSTEM, type Caller } from '../../access/caller';
import { badRequest, HttpError } from '../../errors';
import type { Doc, DocumentService } from '../documents/service';
import {
  documentKindName,
  QR_MAX_AMOUNT,
  renderBusinessPdf,
  totals,
  type BusinessDocument,
  type Party,
  type PdfItem,
  type PostalParty,
} from './pdf';
import { invoiceReference } from './qrReference';
import { assertPayment } from './reports';

/** Country names as people type them in addresses, to the ISO codes a QR-bill needs. */
const COUNTRIES: Record<string, string> = {
  schweiz: 'CH',
  switzerland: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  liechtenstein: 'LI',
  frankreich: 'FR',
  france: 'FR',
  italien: 'IT',
  italy: 'IT',
  italia: 'IT',
};

/** 422: the data is there but cannot make a correct PDF; the message names what to fix. */
const unfit = (message: string, field: string) => new HttpError(422, message, { field });

function countryCode(value: unknown, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  const code = COUNTRIES[text.toLocaleLowerCase('de')];
  if (!code) throw unfit(`${field}: "${text}" is not a country the QR-bill knows; use its ISO code such as CH`, field);
  return code;
}

interface AddressLike {
  street?: string;
  streetNumber?: string;
  buildingNumber?: string;
  zip?: string;
  city?: string;
  country?: string;
}

/** A structured address for a QR-bill: street, zip, city and a known country, or a 422 naming what is missing. */
function party(name: string, address: AddressLike | undefined, field: string): PostalParty {
  const missing = (['street', 'zip', 'city', 'country'] as const).filter((key) => !address?.[key]?.toString().trim());
  if (!address || missing.length)
    throw unfit(`${field} is incomplete: fill in ${missing.join(', ')} (a QR-bill needs a structured address)`, field);
  return {
    name,
    street: address.street,
    buildingNumber: address.streetNumber ?? address.buildingNumber,
    zip: String(address.zip),
    city: String(address.city),
    country: countryCode(address.country, `${field}.country`),
  };
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** Whatever address there is (an offer has no QR-bill): a known country becomes its code, any other stays as typed. */
function looseParty(name: string, address: AddressLike | undefined): Party {
  const country = text(address?.country);
  const code = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : COUNTRIES[country.toLocaleLowerCase('de')];
  const buildingNumber = text(address?.streetNumber) || text(address?.buildingNumber);
  return {
    name,
    ...(text(address?.street) ? { street: text(address?.street) } : {}),
    ...(buildingNumber ? { buildingNumber } : {}),
    ...(text(address?.zip) ? { zip: text(address?.zip) } : {}),
    ...(text(address?.city) ? { city: text(address?.city) } : {}),
    ...(country ? { country: code ?? country } : {}),
  };
}

export interface PdfAnswer {
  fileName: string;
  pdf: Buffer;
}

/** Invoice and offer PDFs (GET /api/payment/invoice?id=, GET /api/offer/{id}). */
export function createBusinessPdfs(documents: DocumentService) {
  async function billing() {
    const config = (await documents.find(SYSTEM, 'siteConfig', { limit: 1, sort: { _createdAt: 1 } })).results[0] as
      (Doc & SiteConfig) | undefined;
    const business = config?.localBusiness;
    const settings = config?.billing ?? {};
    const creditorAddress = settings.creditor?.street ? settings.creditor : business?.address;
    const name = settings.creditor?.name ?? business?.name;
    if (!name) throw unfit('Site configuration › Local business › Name is missing', 'siteConfig.localBusiness.name');
    const creditor = party(name, creditorAddress as AddressLike, 'Site configuration › Billing creditor address');
    return { settings, creditor: { ...creditor, vatNumber: settings.vatNumber } };
  }

  async function load(caller: Caller, model: 'invoice' | 'offer', id: string) {
    assertPayment(caller, `get ${model} PDFs`);
    if (!isObjectId(id)) throw badRequest('id must be 24 lowercase hex characters');
    const doc = await documents.findById(caller, model, id);
    if (typeof doc.client !== 'string')
      throw unfit(`${model === 'invoice' ? 'Invoice' : 'Offer'} ${String(doc.id)} has no client`, 'client');
    // A client deleted since still gets the invoices and offers made out to them.
    const client = await documents.findById(caller, 'client', doc.client, { deleted: true });
    const clientName =
      String(client.name ?? '').trim() || [client.firstname, client.lastname].filter(Boolean).join(' ').trim();
    const address = client.address as AddressLike | undefined;
    const items = ((doc.items ?? []) as PdfItem[]).map((item) => ({
      name: item.name,
      description: item.description,
      count: Number(item.count ?? 1),
      price: Number(item.price ?? 0),
    }));
    return { doc, address, clientName, items };
  }

  // Composed (NFC) first, and marks kept with their letters: a name typed with a decomposed é (e + U+0301)
  // or in Hindi is not cut at every accent or vowel sign (Cafe-Mu-ller, ह-न-द).
  const fileName = (kind: string, number: unknown, client: string) =>
    `${kind}-${String(number)}-${client}`
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}-]+/gu, '-')
      .replace(/-+$/, '') + '.pdf';

  return {
    async invoice(caller: Caller, id: string): Promise<PdfAnswer> {
      const { doc, address, clientName, items } = await load(caller, 'invoice', id);
      const debtor = party(clientName, address, `Client ${clientName} › Address`);
      const { settings, creditor } = await billing();
      const iban = settings.iban?.replace(/\s/g, '').toUpperCase() ?? '';
      if (!iban || !isValidIBAN(iban))
        throw unfit(
          `Site configuration › Billing › IBAN ${iban ? `${settings.iban} is not a valid IBAN` : 'is missing'}`,
          'siteConfig.billing.iban',
        );
      const number = Number(doc.id);
      const reference = invoiceReference(iban, number);
      // Stable per invoice: kept on the invoice the first time (read-only for people).
      if (doc.reference !== reference && !doc.reference)
        await documents.save(SYSTEM, 'invoice', { _id: doc._id, reference });
      const document: BusinessDocument = {
        kind: 'invoice',
        number,
        date: String(doc.date ?? new Date().toISOString().slice(0, 10)),
        subject: doc.name as string | undefined,
        items,
        creditor,
        debtor,
        vatRate: settings.vatNumber ? settings.vatRate : undefined,
        paymentTermDays: settings.paymentTermDays,
        payment: { iban, reference: (doc.reference as string | undefined) ?? reference },
      };
      if (totals(document).gross > QR_MAX_AMOUNT)
        throw unfit(`Invoice ${number}: the total is more than a QR-bill can carry (999'999'999.99)`, 'items');
      return {
        fileName: fileName(documentKindName(document), number, clientName),
        pdf: await renderBusinessPdf(document),
      };
    },

    async offer(caller: Caller, id: string): Promise<PdfAnswer> {
      const { doc, address, clientName, items } = await load(caller, 'offer', id);
      const debtor = looseParty(clientName, address);
      const { settings, creditor } = await billing();
      const document: BusinessDocument = {
        kind: 'offer',
        number: Number(doc.id),
        date: String(doc.date ?? new Date().toISOString().slice(0, 10)),
        subject: (doc.subject ?? doc.name) as string | undefined,
        text: doc.text as string | undefined,
        items,
        creditor,
        debtor,
        vatRate: settings.vatNumber ? settings.vatRate : undefined,
      };
      return { fileName: fileName('Offerte', doc.id, clientName), pdf: await renderBusinessPdf(document) };
    },
  };
}
