/**
 * What an invoice's linked incoming payments come to, in cents: in EUR, and in CHF for those with no EUR
 * amount (paid in francs: they cannot count against the euros due).
 */
export interface Received {
  eur: number;
  chfOnly: number;
}

/** A credit's value in cents: in EUR and in CHF, as far as the bank file gives them. */
export interface CreditCents {
  eur?: number;
  chf?: number;
}

/** One credit booked on an invoice: what the invoice has received with it, and whether it is paid. */
export interface Settlement {
  /** matched: the invoice is paid (by this credit or one before it in the same booking); partial: it stays open. */
  outcome: 'matched' | 'partial';
  /** This credit is the one that pays it (the invoice names it). */
  pays: boolean;
  received: Received;
}

/** The sum of payments as stored transactions: EUR in `foreignAmount`, CHF in `amount`. */
export function receivedOf(payments: readonly Record<string, unknown>[]): Received {
  const sum = { eur: 0, chfOnly: 0 };
  for (const payment of payments) {
    if (isAmount(payment.foreignAmount)) sum.eur += toCents(payment.foreignAmount);
    else if (isAmount(payment.amount)) sum.chfOnly += toCents(payment.amount);
  }
  return sum;
}

/**
 * Credits booked one after the other on an invoice due `due` cents that has received `before`: the first
 * credit in EUR with which the EUR received reaches the amount due pays it; credits after it are more than
 * was due (matched too, the invoice is paid); until then each is partial.
 */
export function settle(due: number, before: Received, credits: readonly CreditCents[]): Settlement[] {
  let received = before;
  let paid = false;
  return credits.map((credit) => {
    received = {
      eur: received.eur + (credit.eur ?? 0),
      chfOnly: received.chfOnly + (credit.eur === undefined ? (credit.chf ?? 0) : 0),
    };
    if (paid) return { outcome: 'matched', pays: false, received };
    if (credit.eur !== undefined && received.eur >= due) {
      paid = true;
      return { outcome: 'matched', pays: true, received };
    }
    return { outcome: 'partial', pays: false, received };
  });
}

export const toCents = (value: number) => Math.round(value * 100);
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A stored payment's value in cents, as a credit: EUR from `foreignAmount`, CHF from `amount`. */
export function centsOf(payment: Record<string, unknown>): CreditCents {
  return {
    ...(isAmount(payment.foreignAmount) ? { eur: toCents(payment.foreignAmount) } : {}),
    ...(isAmount(payment.amount) ? { chf: toCents(payment.amount) } : {}),
  };
}

/**
 * The invoice a payment saved by a person may settle: one it pays now and did not pay before this save, or
 * one it pays with a changed amount. Undefined otherwise: a payment edited only in its name or description
 * leaves its invoice as it is (a person may have set it open again by hand: free choice, spec §4).
 */
export function invoiceToSettle(
  payment: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): string | undefined {
  const invoice = payment.invoice;
  if (typeof invoice !== 'string' || invoice === '' || payment.direction !== 'incoming') return undefined;
  if (!before) return invoice;
  const changed = ['invoice', 'direction', 'foreignAmount', 'amount'].some((field) => before[field] !== payment[field]);
  return changed ? invoice : undefined;
}

/** The payment that pays an invoice due `due` cents when `payments` are booked in their order, if they do. */
export function payerOf<T extends Record<string, unknown>>(due: number, payments: readonly T[]): T | undefined {
  const settled = settle(
    due,
    { eur: 0, chfOnly: 0 },
    payments.map((payment) => centsOf(payment)),
  );
  const index = settled.findIndex((one) => one.pays);
  return index < 0 ? undefined : payments[index];
}

/**
 * The invoice a payment saved or deleted by a person lets go of: the one it paid before this save and no longer
 * pays (unlinked, linked to another invoice, no longer incoming, or deleted). Undefined otherwise.
 */
export function invoiceLeft(
  payment: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
  deleted = false,
): string | undefined {
  const invoice = before?.invoice;
  if (typeof invoice !== 'string' || invoice === '' || before?.direction !== 'incoming') return undefined;
  if (deleted) return invoice;
  return payment.invoice !== invoice || payment.direction !== 'incoming' ? invoice : undefined;
}
