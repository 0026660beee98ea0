/** To the cent, half up (1.5 × 156.33 = 234.495 is 234.50, whatever the float says). */
export function roundCents(amount: number): number {
  return Math.round((amount + Math.sign(amount) * 1e-9) * 100) / 100;
}

/** What decides the VAT of an invoice: the site configuration's billing (VAT is charged only with a VAT number). */
export interface VatSettings {
  vatNumber?: string;
  /** Percent. */
  vatRate?: number;
}

/** VAT is charged only with a VAT number and a rate. */
export function chargesVat(settings: VatSettings | undefined): settings is VatSettings & { vatRate: number } {
  return Boolean(settings?.vatNumber && settings.vatRate);
}

/** The VAT on a net amount, to the cent; 0 without a VAT number or a rate. */
export function vatOf(net: number, settings: VatSettings | undefined): number {
  return chargesVat(settings) ? roundCents((net * settings.vatRate) / 100) : 0;
}

/** Net plus VAT: the amount a client owes for an invoice (its PDF's "Total" and the QR-bill's amount). */
export function grossOf(net: number, settings: VatSettings | undefined): number {
  return roundCents(net + vatOf(net, settings));
}
