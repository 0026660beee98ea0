import { useRef, useState } from 'react';
import type { BankStatementAnswer } from '../../shared/api/payment';
import { useImportBankStatementMutation } from '../core/data/reportsApi';
import type { ApiFailure } from '../core/data/types';

/** Where an import stands: nothing yet, sending the file, the answer, or the server's refusal (e.g. 400). */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'sending'; file: string }
  | { phase: 'done'; file: string; answer: BankStatementAnswer }
  | { phase: 'failed'; file: string; message: string };

/**
 * Bank statement import (issue 10, item 7): a picked camt.053/054 file goes to
 * `POST /api/payment/bankStatement`; the answer (matched, partial, suggested, unmatched) or the refusal is
 * kept for the dialog, and the invoice list refetches (matched invoices are paid now).
 */
export function useBankStatementImport() {
  const [send] = useImportBankStatementMutation();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  async function importFile(file: File) {
    setState({ phase: 'sending', file: file.name });
    try {
      const answer = await send(await file.text()).unwrap();
      setState({ phase: 'done', file: file.name, answer });
    } catch (failure) {
      setState({
        phase: 'failed',
        file: file.name,
        message: (failure as Partial<ApiFailure>).message ?? String(failure),
      });
    }
  }

  return {
    state,
    /** The hidden file input the button opens. */
    input,
    pick: () => input.current?.click(),
    onPicked(files: FileList | null) {
      const file = files?.[0];
      if (input.current) input.current.value = '';
      if (file) void importFile(file);
    },
    close: () => setState({ phase: 'idle' }),
  };
}

export type BankStatementImport = ReturnType<typeof useBankStatementImport>;
