import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One credit booked on the account, as a camt.053 statement or camt.054 notification reports it. */
export interface Credit {
  /** The bank's id of the booking (AcctSvcrRef), or one derived from its content when the bank gives none. */
  key: string;
  /** `key` is the bank's id (not derived): worth showing to people. */
  bankId?: true;
  /** The amount booked on the account, in `currency`. */
  amount: number;
  currency: string;
  /**
   * What the bank says the credit is worth in other currencies (ISO code → amount): the amount the
   * debtor instructed (AmtDtls/InstdAmt), the counter value (AmtDtls/CntrValAmt) and amounts worked out
   * from an exchange rate the file gives (CcyXchg/XchgRate). Never holds `currency` itself.
   */
  equivalents?: Record<string, number>;
  date: string;
  reference?: string;
  debtor?: string;
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's predefined entities and character references (`M&amp;uuml;ller &amp; Söhne`, `&#228;`), decoded
 * here because the parser expands no entities at all (a DOCTYPE could declare an XML bomb).
 */
const decode = (value: string) =>
  value.replace(
    /&(?:#x([0-9a-f]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (name) return PREDEFINED[name.toLowerCase()] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return text((value as Node)['#text']);
  const result = decode(String(value)).trim();
  return result || undefined;
};

const cents = (value: number) => Math.round(value * 100) / 100;

/** A CcyXchg block's rate as "1 `from` = rate × `to`", when it names both currencies and a positive rate. */
function exchange(node: unknown): { source: string; target: string; perSource: number } | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const block = node as Node;
  const source = text(block.SrcCcy);
  const target = text(block.TrgtCcy);
  const rate = Number(text(block.XchgRate));
  if (!source || !target || source === target || !Number.isFinite(rate) || rate <= 0) return undefined;
  // ISO 20022: UnitCcy is the currency of which one unit is quoted (1 UnitCcy = XchgRate of the other);
  // without it the rate converts the source currency into the target currency.
  const unit = text(block.UnitCcy) ?? source;
  if (unit === source) return { source, target, perSource: rate };
  if (unit === target) return { source, target, perSource: 1 / rate };
  return undefined;
}

/**
 * The credit's value in other currencies, from the amount details (AmtDtls) of the transaction and of
 * the entry: amounts given there (instructed amount, counter value, ...) and, for an exchange rate,
 * the booked amount converted.
 */
function equivalentsOf(amountDetails: Node[], amount: number, currency: string): Record<string, number> {
  const result: Record<string, number> = {};
  const rates: ReturnType<typeof exchange>[] = [];
  for (const details of amountDetails) {
    for (const key of ['InstdAmt', 'TxAmt', 'CntrValAmt', 'AnncdPstngAmt']) {
      for (const node of list(details[key])) {
        const amountNode = node.Amt as Node | string | undefined;
        const value = Number(text(amountNode));
        const code = typeof amountNode === 'object' ? text(amountNode['@Ccy']) : undefined;
        if (code && code !== currency && Number.isFinite(value) && value > 0 && !(code in result)) result[code] = value;
        rates.push(exchange(node.CcyXchg));
      }
    }
  }
  for (const rate of rates) {
    if (!rate) continue;
    if (rate.source === currency && !(rate.target in result)) result[rate.target] = cents(amount * rate.perSource);
    if (rate.target === currency && !(rate.source in result)) result[rate.source] = cents(amount / rate.perSource);
  }
  return result;
}

/**
 * The credits of an ISO 20022 camt.053 (BkToCstmrStmt) or camt.054 (BkToCstmrDbtCdtNtfctn) file: one
 * per transaction detail of each credit entry, with its structured reference (QRR or SCOR) and the
 * debtor's name. Throws with a message naming the problem for anything that is not such a file;
 * entity expansion is off (no XML bombs).
 */
export function parseCamt(xml: string): Credit[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
  });
  const document = (parser.parse(xml) as Node).Document as Node | undefined;
  const report = (document?.BkToCstmrStmt ?? document?.BkToCstmrDbtCdtNtfctn) as Node | undefined;
  if (!report) throw new Error('Not a camt.053 or camt.054 document (no BkToCstmrStmt or BkToCstmrDbtCdtNtfctn)');
  const statements = [...list(report.Stmt), ...list(report.Ntfctn)];
  if (statements.length === 0) throw new Error('The document holds no statement (Stmt) or notification (Ntfctn)');
  const credits: Credit[] = [];
  for (const statement of statements) {
    for (const entry of list(statement.Ntry)) {
      if (text(entry.CdtDbtInd) !== 'CRDT') continue;
      if (text((entry.Sts as Node | undefined)?.Cd ?? entry.Sts) === 'PDNG') continue;
      const date = text((entry.BookgDt as Node | undefined)?.Dt) ?? text((entry.ValDt as Node | undefined)?.Dt);
      if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) throw new Error('A credit entry has no booking date (BookgDt/Dt)');
      const details = list(
        (entry.NtryDtls as Node | undefined)?.TxDtls ?? list(entry.NtryDtls).flatMap((d) => list(d.TxDtls)),
      );
      const parts = details.length > 0 ? details : [entry];
      parts.forEach((part, index) => {
        const amountNode = (part.Amt ?? (part.AmtDtls as Node | undefined)?.TxAmt ?? entry.Amt) as Node | string;
        const amount = Number(
          text(typeof amountNode === 'object' && 'Amt' in amountNode ? amountNode.Amt : amountNode),
        );
        const currency =
          (typeof amountNode === 'object'
            ? text(amountNode['@Ccy'] ?? (amountNode.Amt as Node | undefined)?.['@Ccy'])
            : undefined) ??
          text((entry.Amt as Node | undefined)?.['@Ccy']) ??
          '';
        if (!Number.isFinite(amount) || amount <= 0) throw new Error(`A credit of ${date} has no valid amount (Amt)`);
        const reference = text(
          ((((part.RmtInf as Node | undefined)?.Strd as Node | undefined)?.CdtrRefInf as Node | undefined) ?? {}).Ref,
        );
        const parties = part.RltdPties as Node | undefined;
        const debtorNode = parties?.Dbtr as Node | undefined;
        const debtor = text(debtorNode?.Nm) ?? text((debtorNode?.Pty as Node | undefined)?.Nm);
        const bankId =
          text((part.Refs as Node | undefined)?.AcctSvcrRef) ??
          (details.length <= 1 ? text(entry.AcctSvcrRef) : undefined);
        // The entry's own amount details describe the whole entry: they apply when it holds this credit only.
        const amountDetails = [
          ...(part === entry ? [] : list(part.AmtDtls)),
          ...(parts.length === 1 ? list(entry.AmtDtls) : []),
        ];
        const equivalents = equivalentsOf(amountDetails, amount, currency);
        credits.push({
          key: bankId ?? `${date.slice(0, 10)}|${amount}|${currency}|${reference ?? ''}|${debtor ?? ''}|${index}`,
          ...(bankId ? { bankId: true as const } : {}),
          amount,
          currency,
          ...(Object.keys(equivalents).length > 0 ? { equivalents } : {}),
          date: date.slice(0, 10),
          ...(reference ? { reference: reference.replace(/\s/g, '') } : {}),
          ...(debtor ? { debtor } : {}),
        });
      });
    }
  }
  return credits;
}
