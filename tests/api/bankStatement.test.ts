import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankStatementAnswer } from '../../src/shared/api/payment';
import { SYSTEM } from '../../src/server/access/caller';
import { invoiceReference } from '../../src/server/modules/payment/qrReference';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import { createTestApp } from '../helpers/testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A camt.054 credit notification (ISO 20022, 2019 version as Swiss banks send it) with the given entries. */
function camt054(entries: { id: string; amount: string; reference?: string; debtor: string; date: string }[]): string {
  const entry = (e: (typeof entries)[number]) => `
      <Ntry>
        <Amt Ccy="EUR">${e.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${e.id}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="EUR">${e.amount}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            <RltdPties><Dbtr><Pty><Nm>${e.debtor}</Nm></Pty></Dbtr></RltdPties>
            ${
              e.reference
                ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${e.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
                : '<RmtInf><Ustrd>Rechnung</Ustrd></RmtInf>'
            }
          </TxDtls>
        </NtryDtls>
      </Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-04-10T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-1</Id>
      <Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
      ${entries.map(entry).join('')}
      <Ntry>
        <Amt Ccy="EUR">99.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <BookgDt><Dt>2026-04-09</Dt></BookgDt>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}

/** The same entries as a camt.053 account statement (BkToCstmrStmt / Stmt), as banks send at the end of a day. */
const camt053 = (entries: Parameters<typeof camt054>[0]) =>
  camt054(entries)
    .replace('camt.054.001.08', 'camt.053.001.08')
    .replace(/BkToCstmrDbtCdtNtfctn>/g, 'BkToCstmrStmt>')
    .replace(/Ntfctn>/g, 'Stmt>');

describe('bank statement import (camt.053 and camt.054)', () => {
  let t: TestApp;
  let admin: string;
  const invoices: Record<string, { _id: string; id: number }> = {};

  const post = (xml: string, contentType = 'application/xml') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/bankStatement',
      headers: { ...t.auth(admin), 'content-type': contentType },
      payload: xml,
    });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    await t.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
    const client = (await t.app.services.documents.save(SYSTEM, 'client', { name: 'Rheinblick AG' }))._id;
    for (const [name, price] of [
      ['a', 1000],
      ['b', 500],
      ['c', 200],
    ] as const) {
      const saved = await t.app.services.documents.save(SYSTEM, 'invoice', {
        name,
        client,
        date: '2026-03-01',
        items: [{ name: 'Beratung', count: 1, price }],
      });
      invoices[name] = { _id: saved._id, id: Number(saved.id) };
    }
  });
  afterAll(() => t?.close());

  it('pays the invoice a reference names, suggests by amount and name, and books nothing twice', async () => {
    const reference = invoiceReference('CH4431999123000889012', invoices.a.id);
    const xml = camt054([
      { id: 'BANK-1', amount: '1081.00', reference, debtor: 'Rheinblick AG', date: '2026-04-09' },
      // No reference, but invoice c's amount due (200 + 8.1 % VAT) and its client's name: a suggestion.
      { id: 'BANK-2', amount: '216.20', debtor: 'RHEINBLICK AG', date: '2026-04-09' },
      { id: 'BANK-3', amount: '42.00', debtor: 'Unbekannt', date: '2026-04-09' },
    ]);
    const first = await post(xml);
    expect(first.statusCode, first.body).toBe(200);
    const answer: BankStatementAnswer = first.json();
    expect(answer.matched).toEqual([
      expect.objectContaining({ amount: 1081, reference, invoice: invoices.a._id, invoiceNumber: invoices.a.id }),
    ]);
    expect(answer.suggested).toEqual([expect.objectContaining({ amount: 216.2, invoice: invoices.c._id })]);
    expect(answer.unmatched).toEqual([expect.objectContaining({ amount: 42, debtor: 'Unbekannt' })]);

    const paid = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.a._id);
    expect(paid.status).toBe('paid');
    const transaction = await t.app.services.documents.findById(SYSTEM, 'transaction', paid.transaction as string);
    expect(transaction).toMatchObject({
      amount: 1081,
      date: '2026-04-09',
      direction: 'incoming',
      invoice: invoices.a._id,
    });
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.c._id)).status).toBe('open');

    const again: BankStatementAnswer = (await post(xml, 'text/xml')).json();
    expect(again).toMatchObject({ matched: [], alreadyBooked: 1 });
    const { results } = await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 });
    expect(results).toHaveLength(1);
  });

  it('refuses a malformed or foreign file with 400 and changes nothing', async () => {
    const before = (await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 })).results.length;
    const broken = await post('<Document><BkToCstmrDbtCdtNtfctn><Ntfctn>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^Bank statement not readable: Not well-formed XML/);
    const foreign = await post('<?xml version="1.0"?><Document><CstmrCdtTrfInitn/></Document>');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatch(/Not a camt.053 or camt.054 document/);
    const reference = invoiceReference('CH4431999123000889012', invoices.b.id);
    const halfBad = camt054([
      { id: 'BANK-9', amount: '540.50', reference, debtor: 'Rheinblick AG', date: '2026-04-09' },
      { id: 'BANK-10', amount: 'zwölf', debtor: 'X', date: '2026-04-09' },
    ]);
    expect((await post(halfBad)).statusCode).toBe(400);
    expect((await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.b._id)).status).toBe('open');
    expect((await t.app.services.documents.find(SYSTEM, 'transaction', { limit: 100 })).results).toHaveLength(before);
  });

  it('reads a camt.053 account statement the same way', async () => {
    const reference = invoiceReference('CH4431999123000889012', invoices.b.id);
    const xml = camt053([{ id: 'BANK-53', amount: '540.50', reference, debtor: 'Rheinblick AG', date: '2026-04-11' }]);
    expect(xml).toContain('<BkToCstmrStmt>');
    expect(xml).not.toContain('Ntfctn');
    const answer: BankStatementAnswer = (await post(xml)).json();
    expect(answer.matched).toEqual([
      expect.objectContaining({ amount: 540.5, reference, invoice: invoices.b._id, invoiceNumber: invoices.b.id }),
    ]);
    const paid = await t.app.services.documents.findById(SYSTEM, 'invoice', invoices.b._id);
    expect(paid.status).toBe('paid');
    const transaction = await t.app.services.documents.findById(SYSTEM, 'transaction', paid.transaction as string);
    expect(transaction).toMatchObject({ amount: 540.5, date: '2026-04-11', direction: 'incoming' });
    expect((await post(xml)).json()).toMatchObject({ matched: [], alreadyBooked: 1 });
  });
});
