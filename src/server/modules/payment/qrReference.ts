import { calculateQRReferenceChecksum, calculateSCORReferenceChecksum, isQRIBAN } from 'swissqrbill/utils';

/**
 * The payment reference of an invoice, stable per invoice number: a QR reference (26 digits of the
 * number plus its check digit) for a QR-IBAN, otherwise an ISO 11649 creditor reference (RF, two check
 * digits, `INV` and the number).
 */
export function invoiceReference(iban: string, invoiceNumber: number): string {
  if (isQRIBAN(iban.replace(/\s/g, ''))) {
    const digits = String(invoiceNumber).padStart(26, '0');
    return digits + calculateQRReferenceChecksum(digits);
  }
  const base = `INV${invoiceNumber}`;
  return `RF${calculateSCORReferenceChecksum(base)}${base}`;
}
