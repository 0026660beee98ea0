/**
 * A payment reference as the QR-bill prints it (SIX Implementation Guidelines QR-bill, §3.4 and §3.5; the PDF
 * draws it with swissqrbill): a 27-digit QR reference as 2 digits, then blocks of 5
 * ('21 00000 00003 13947 14300 09017'), an ISO 11649 creditor reference (RF…) in blocks of 4
 * ('RF18 5390 0754 7034'). Anything else is shown as stored.
 */
export function formatPaymentReference(reference: string): string {
  const plain = reference.replace(/\s/g, '');
  if (/^\d{27}$/.test(plain))
    return `${plain.slice(0, 2)} ${plain
      .slice(2)
      .match(/.{1,5}/g)!
      .join(' ')}`;
  if (/^RF\d{2}[A-Za-z0-9]{1,21}$/i.test(plain)) return plain.match(/.{1,4}/g)!.join(' ');
  return reference;
}
