/** A camt.054 credit notification (ISO 20022, 2019 version as Swiss banks send it) with the given entries. */
export function camt054(
  entries: {
    id: string;
    amount: string;
    reference?: string;
    debtor: string;
    date: string;
    /** The booked currency (EUR unless given). */
    currency?: string;
    /** XML put into the transaction details, e.g. AmtDtls with an exchange rate. */
    details?: string;
  }[],
): string {
  const entry = (e: (typeof entries)[number]) => `
      <Ntry>
        <Amt Ccy="${e.currency ?? 'EUR'}">${e.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>${e.id}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            <Amt Ccy="${e.currency ?? 'EUR'}">${e.amount}</Amt>
            <CdtDbtInd>CRDT</CdtDbtInd>
            ${e.details ?? ''}
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
export const camt053 = (entries: Parameters<typeof camt054>[0]) =>
  camt054(entries)
    .replace('camt.054.001.08', 'camt.053.001.08')
    .replace(/BkToCstmrDbtCdtNtfctn>/g, 'BkToCstmrStmt>')
    .replace(/Ntfctn>/g, 'Stmt>');
