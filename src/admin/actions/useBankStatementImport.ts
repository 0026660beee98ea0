import { useRef, useState } from 'react';
import type { BankStatementAnswer } from '../../shared/api/payment';
import { useConfirmSuggestionMutation, useImportBankStatementMutation } from '../core/data/reportsApi';
import type { ApiFailure } from '../core/data/types';
import { bookingFailure, importFailure, type ImportFailure } from './importFailure';
import { withBooked, without } from './statementAnswer';

/**
 * Where an import stands: nothing yet, sending the file, the answer, or why it failed (the server's refusal:
 * nothing booked; or no answer). A failed import keeps the file's text (when it was read) to send it again.
 */
export type ImportState =
  | { phase: 'idle' }
  /** `hidden`: the dialog was closed while sending; the import goes on and its outcome opens the dialog again. */
  | { phase: 'sending'; file: string; hidden?: boolean }
  | { phase: 'done'; file: string; xml: string; answer: BankStatementAnswer }
  | { phase: 'failed'; file: string; xml?: string; failure: ImportFailure };

/** Booking a suggested credit (by its `credit` id): under way, or the server's refusal (e.g. 409: paid meanwhile). */
export type SuggestionState = { phase: 'sending'; invoice: string } | { phase: 'failed'; message: string };

const messageOf = (failure: unknown) => (failure as Partial<ApiFailure>).message ?? String(failure);

/**
 * Bank statement import (issue 10, item 7): a picked camt.053/054 file goes to
 * `POST /api/payment/bankStatement`; the answer (matched, partial, suggested, unmatched) or the refusal is
 * kept for the dialog, and the invoice list refetches (matched invoices are paid now). A refused import
 * booked nothing and can be sent again as it is (`retry`). A suggestion is booked on the invoice the user
 * chooses by sending the same file again with the credit and the invoice (the server checks that the pair
 * still fits).
 */
export function useBankStatementImport() {
  const [send] = useImportBankStatementMutation();
  const [confirm] = useConfirmSuggestionMutation();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const [suggestions, setSuggestions] = useState<Record<string, SuggestionState>>({});
  const input = useRef<HTMLInputElement>(null);

  async function importText(file: string, xml: string) {
    setState({ phase: 'sending', file });
    setSuggestions({});
    try {
      const answer = await send(xml).unwrap();
      setState({ phase: 'done', file, xml, answer });
    } catch (failure) {
      setState({ phase: 'failed', file, xml, failure: importFailure(failure) });
    }
  }

  async function importFile(file: File) {
    setState({ phase: 'sending', file: file.name });
    let xml: string;
    try {
      xml = await file.text();
    } catch (failure) {
      const message = messageOf(failure);
      setState({
        phase: 'failed',
        file: file.name,
        failure: {
          title: 'The file could not be read',
          message,
          hint: 'Nothing was sent. Choose the file again.',
          retry: false,
        },
      });
      return;
    }
    await importText(file.name, xml);
  }

  async function book(credit: string, invoice: string) {
    if (state.phase !== 'done') return;
    setSuggestions((all) => ({ ...all, [credit]: { phase: 'sending', invoice } }));
    try {
      const booked = await confirm({ xml: state.xml, credit, invoice }).unwrap();
      setState((now) =>
        now.phase === 'done' ? { ...now, answer: withBooked(now.answer, credit, booked.outcome, booked.entry) } : now,
      );
      setSuggestions((all) => without(all, credit));
    } catch (failure) {
      setSuggestions((all) => ({ ...all, [credit]: { phase: 'failed', message: bookingFailure(failure) } }));
    }
  }

  return {
    state,
    /** Per suggested credit (`StatementEntry.credit`): its booking under way or refused. */
    suggestions,
    /** Books a suggested credit on the suggested invoice or one of its alternatives. */
    book: (credit: string, invoice: string) => void book(credit, invoice),
    /** Sends the file of a failed import again (when it was read). */
    retry: () => {
      if (state.phase === 'failed' && state.xml !== undefined) void importText(state.file, state.xml);
    },
    /** The hidden file input the button opens. */
    input,
    pick: () => input.current?.click(),
    onPicked(files: FileList | null) {
      const file = files?.[0];
      if (input.current) input.current.value = '';
      if (file) void importFile(file);
    },
    /**
     * Closes the dialog. While a file is being sent the import goes on (the server books it whatever the
     * dialog does), so its outcome opens the dialog again, as the dialog says before it is closed.
     */
    close: () => {
      setState((now) => (now.phase === 'sending' ? { ...now, hidden: true } : { phase: 'idle' }));
      setSuggestions({});
    },
    /** An import goes on with its dialog closed (the action's button says so and opens it again). */
    inBackground: state.phase === 'sending' && state.hidden === true,
    /** Opens the dialog of the import going on. */
    show: () => setState((now) => (now.phase === 'sending' ? { ...now, hidden: false } : now)),
  };
}

export type BankStatementImport = ReturnType<typeof useBankStatementImport>;
