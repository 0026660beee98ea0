import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One credit booked on the account, as a camt.053 statement or camt.054 notification reports it. */
export interface Credit {
  /** The bank's id of the booking (AcctSvcrRef), or one derived from its content when the bank gives none. */
  key: string;
  amount: number;
  currency: string;
  date: string;
  reference?: string;
  debtor?: string;
}

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return text((value as Node)['#text']);
  const result = String(value).trim();
  return result || undefined;
};

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
        credits.push({
          key: bankId ?? `${date.slice(0, 10)}|${amount}|${currency}|${reference ?? ''}|${debtor ?? ''}|${index}`,
          amount,
          currency,
          date: date.slice(0, 10),
          ...(reference ? { reference: reference.replace(/\s/g, '') } : {}),
          ...(debtor ? { debtor } : {}),
        });
      });
    }
  }
  return credits;
}
