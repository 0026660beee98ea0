import { useRef, useState } from 'react';
import type { BankStatementAnswer } from '../../shared/api/payment';
import { useConfirmSuggestionMutation, useImportBankStatementMutation } from '../core/data/reportsApi';
import type { ApiFailure } from '../core/data/types';
import { withBooked, without } from './statementAnswer';

/** Where an import stands: nothing yet, sending the file, the answer, or the server's refusal (e.g. 400). */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'sending'; file: string }
  | { phase: 'done'; file: string; xml: string; answer: BankStatementAnswer }
  | { phase: 'failed'; file: string; message: string };

/** Booking a suggested credit (by its `credit` id): under way, or the server's refusal (e.g. 409: paid meanwhile). */
export type SuggestionState = { phase: 'sending'; invoice: string } | { phase: 'failed'; message: string };

const messageOf = (failure: unknown) => (failure as Partial<ApiFailure>).message ?? String(failure);

/**
 * Bank statement import (issue 10, item 7): a picked camt.053/054 file goes to
 * `POST /api/payment/bankStatement`; the answer (matched, partial, suggested, unmatched) or the refusal is
 * kept for the dialog, and the invoice list refetches (matched invoices are paid now). A suggestion is
 * booked on the invoice the user chooses by sending the same file again with the credit and the invoice
 * (the server checks that the pair still fits).
 */
export function useBankStatementImport() {
  const [send] = useImportBankStatementMutation();
  const [confirm] = useConfirmSuggestionMutation();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const [suggestions, setSuggestions] = useState<Record<string, SuggestionState>>({});
  const input = useRef<HTMLInputElement>(null);

  async function importFile(file: File) {
    setState({ phase: 'sending', file: file.name });
    setSuggestions({});
    try {
      const xml = await file.text();
      const answer = await send(xml).unwrap();
      setState({ phase: 'done', file: file.name, xml, answer });
    } catch (failure) {
      setState({ phase: 'failed', file: file.name, message: messageOf(failure) });
    }
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
      setSuggestions((all) => ({ ...all, [credit]: { phase: 'failed', message: messageOf(failure) } }));
    }
  }

  return {
    state,
    /** Per suggested credit (`StatementEntry.credit`): its booking under way or refused. */
    suggestions,
    /** Books a suggested credit on the suggested invoice or one of its alternatives. */
    book: (credit: string, invoice: string) => void book(credit, invoice),
    /** The hidden file input the button opens. */
    input,
    pick: () => input.current?.click(),
    onPicked(files: FileList | null) {
      const file = files?.[0];
      if (input.current) input.current.value = '';
      if (file) void importFile(file);
    },
    close: () => {
      setState({ phase: 'idle' });
      setSuggestions({});
    },
  };
}

export type BankStatementImport = ReturnType<typeof useBankStatementImport>;
