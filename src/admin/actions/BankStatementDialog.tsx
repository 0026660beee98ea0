import { Link } from 'react-router';
import type { StatementEntry } from '../../shared/api/payment';
import { formatDate } from '../../shared/format/date';
import { formatAmount, formatMoney } from '../../shared/format/money';
import { formatPaymentReference } from '../../shared/format/paymentReference';
import { CURRENCIES, type Currency } from '../../shared/vocabulary';
import { DialogShell } from '../files/DialogShell';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { holdsNoCredit } from './statementAnswer';
import type { BankStatementImport, SuggestionState } from './useBankStatementImport';

/**
 * A suggestion's booking: one button per invoice it may pay (the suggested one first, then the twins), its
 * progress, or why the server refused it (e.g. paid meanwhile).
 */
function BookSuggestion({
  entry,
  state,
  onBook,
}: {
  entry: StatementEntry;
  state?: SuggestionState;
  onBook(credit: string, invoice: string): void;
}) {
  const credit = entry.credit;
  if (!credit || !entry.invoice) return null;
  const choices = [{ invoice: entry.invoice, invoiceNumber: entry.invoiceNumber }, ...(entry.alternatives ?? [])];
  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        {choices.map((choice, index) => {
          const sending = state?.phase === 'sending' && state.invoice === choice.invoice;
          return (
            <Button
              key={choice.invoice}
              variant={index === 0 ? 'primary' : 'secondary'}
              disabled={state?.phase === 'sending'}
              data-testid="statement-book"
              onClick={() => onBook(credit, choice.invoice)}
            >
              {sending && <Spinner className="size-3.5" />}
              Book on invoice {choice.invoiceNumber ?? choice.invoice}
            </Button>
          );
        })}
      </div>
      {state?.phase === 'failed' && (
        <p role="alert" className="mt-1 text-xs break-words text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}

const amountOf = (entry: StatementEntry) =>
  (CURRENCIES as readonly string[]).includes(entry.currency)
    ? formatMoney(entry.amount, entry.currency as Currency)
    : formatAmount(entry.amount, entry.currency);

function Entries({
  title,
  hint,
  entries,
  kind,
  invoiceRoute,
  suggestions,
  onBook,
}: {
  title: string;
  hint: string;
  entries: StatementEntry[];
  kind: 'matched' | 'partial' | 'suggested' | 'unmatched';
  invoiceRoute: string;
  /** Suggested only: the state of each credit's booking, and how to book it. */
  suggestions?: Record<string, SuggestionState>;
  onBook?(credit: string, invoice: string): void;
}) {
  const tone = {
    matched: 'text-emerald-700',
    partial: 'text-amber-700',
    suggested: 'text-amber-700',
    unmatched: 'text-zinc-600',
  }[kind];
  return (
    <section data-testid={`statement-${kind}`} className="px-5 py-3">
      <h3 className="text-[13px] font-semibold text-zinc-900">
        {title} <span className={`ml-1 tabular-nums ${tone}`}>{entries.length}</span>
      </h3>
      <p className="text-xs text-zinc-500">{hint}</p>
      {entries.length > 0 && (
        <ul className="mt-2 divide-y divide-zinc-100 rounded-md border border-zinc-200">
          {entries.map((entry, index) => (
            <li
              key={`${entry.reference ?? ''}-${entry.date}-${index}`}
              data-testid="statement-entry"
              className="px-3 py-2 text-[13px]"
            >
              <div className="flex items-baseline gap-3">
                <span className="min-w-0 flex-1 break-words text-zinc-800">
                  {entry.invoice ? (
                    <Link
                      to={`${invoiceRoute}/${entry.invoice}`}
                      className="font-medium text-accent-700 hover:underline"
                    >
                      Invoice {entry.invoiceNumber ?? entry.invoice}
                    </Link>
                  ) : (
                    (entry.debtor ?? 'Unknown payer')
                  )}
                </span>
                <span className="font-medium text-zinc-900 tabular-nums">{amountOf(entry)}</span>
              </div>
              <p className="mt-0.5 text-xs break-words text-zinc-500">
                <span className="tabular-nums">{formatDate(entry.date)}</span>
                {entry.invoice && entry.debtor && ` · ${entry.debtor}`}
                {entry.reference && (
                  <span className="block font-mono text-[11px] break-words text-zinc-500">
                    {formatPaymentReference(entry.reference)}
                  </span>
                )}
              </p>
              {entry.due !== undefined && entry.received !== undefined && (
                <p data-testid="statement-partial-sum" className="mt-0.5 text-xs text-amber-700">
                  {entry.received > 0 ? (
                    <>
                      Received <span className="tabular-nums">{formatMoney(entry.received, 'EUR')}</span> of{' '}
                      <span className="tabular-nums">{formatMoney(entry.due, 'EUR')}</span> due ·{' '}
                      <span className="tabular-nums">
                        {formatMoney(Math.max(0, entry.due - entry.received), 'EUR')}
                      </span>{' '}
                      still open
                    </>
                  ) : (
                    <>
                      <span className="tabular-nums">{formatMoney(entry.due, 'EUR')}</span> due
                    </>
                  )}
                </p>
              )}
              {entry.reason && <p className="mt-0.5 text-xs text-zinc-600">{entry.reason}</p>}
              {onBook && (
                <BookSuggestion
                  entry={entry}
                  state={entry.credit ? suggestions?.[entry.credit] : undefined}
                  onBook={onBook}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What a bank statement import did: matched (now paid), partly paid, suggested, unmatched credits; or why it
 * failed (nothing was booked), with the file sent again by 'Try again' when that can help.
 */
export function BankStatementDialog({
  statement,
  invoiceRoute,
}: {
  statement: BankStatementImport;
  invoiceRoute: string;
}) {
  const { state } = statement;
  if (state.phase === 'idle' || (state.phase === 'sending' && state.hidden)) return null;
  return (
    <DialogShell
      open
      onClose={statement.close}
      title="Bank statement"
      description={state.file}
      footer={
        <>
          {state.phase !== 'sending' && <Button onClick={statement.pick}>Import another</Button>}
          {state.phase === 'failed' && state.xml !== undefined && state.failure.retry && (
            <Button variant="primary" onClick={statement.retry}>
              Try again
            </Button>
          )}
          <Button variant={state.phase === 'done' ? 'primary' : 'secondary'} onClick={statement.close}>
            {state.phase === 'sending' ? 'Close' : 'Done'}
          </Button>
        </>
      }
    >
      {state.phase === 'sending' ? (
        <div className="px-5 py-8 text-center">
          <p className="flex items-center justify-center gap-2 text-[13px] text-zinc-500">
            <Spinner className="size-5" /> Importing…
          </p>
          {/* Closing cannot stop what the server books: say what happens before the user closes. */}
          <p data-testid="statement-goes-on" className="mx-auto mt-3 max-w-xs text-xs text-zinc-500">
            You can close this window: the import goes on, and its result opens here when it is done.
          </p>
        </div>
      ) : state.phase === 'failed' ? (
        <div data-testid="statement-failed" className="p-5">
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-[13px] text-red-700">
            <p className="font-semibold text-red-800">{state.failure.title}</p>
            <p className="mt-0.5 break-words">{state.failure.message}</p>
          </div>
          <p className="mt-2 text-xs text-zinc-500">{state.failure.hint}</p>
        </div>
      ) : holdsNoCredit(state.answer) ? (
        <div data-testid="statement-empty" className="px-5 py-10 text-center">
          <p className="text-[13px] font-semibold text-zinc-900">No credits in this file</p>
          <p className="mt-1 text-xs text-zinc-500">
            The file was read, but it holds no incoming payment: nothing was booked.
          </p>
        </div>
      ) : (
        <div className="divide-y divide-zinc-100">
          <Entries
            title="Matched"
            hint="Paid by their reference, or booked here from a suggestion: the invoices are paid now, each with its incoming transaction."
            entries={state.answer.matched}
            kind="matched"
            invoiceRoute={invoiceRoute}
          />
          {state.answer.partial.length > 0 && (
            <Entries
              title="Partly paid"
              hint="Less than the amount due: booked as a payment of the invoice, which stays open until its payments reach the amount due."
              entries={state.answer.partial}
              kind="partial"
              invoiceRoute={invoiceRoute}
            />
          )}
          <Entries
            title="Suggested"
            hint="No reference, but an open invoice's amount and client name: not booked until you check it and book it here."
            entries={state.answer.suggested}
            kind="suggested"
            invoiceRoute={invoiceRoute}
            suggestions={statement.suggestions}
            onBook={statement.book}
          />
          <Entries
            title="Unmatched"
            hint="Not booked: credits that fit no open invoice, or in a currency other than CHF and EUR."
            entries={state.answer.unmatched}
            kind="unmatched"
            invoiceRoute={invoiceRoute}
          />
          {state.answer.alreadyBooked > 0 && (
            <p data-testid="statement-already" className="px-5 py-3 text-xs text-zinc-500">
              {state.answer.alreadyBooked === 1
                ? '1 credit was booked by an earlier import and left as it is.'
                : `${state.answer.alreadyBooked} credits were booked by an earlier import and left as they are.`}
            </p>
          )}
        </div>
      )}
    </DialogShell>
  );
}
