import * as Dialog from '@radix-ui/react-dialog';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAdmin } from '../core/AdminContext';
import { useFindQuery } from '../core/data/api';
import { useInvoiceFromOfferMutation } from '../core/data/reportsApi';
import { navIcon } from '../core/nav/icons';
import { useProgress } from '../core/useProgress';
import { Button } from '../ui/Button';
import { ProgressButton } from '../ui/ProgressButton';
import type { ActionProps } from './actions';

const linkClass = 'font-medium text-accent-700 hover:underline';

/**
 * "Create invoice" on an offer: the server makes an open invoice of the offer as stored (its client, name and
 * items, dated today, naming the offer), and the new invoice opens. Changes on screen are saved first, so the
 * invoice holds what the user sees. An offer already invoiced says so beside the button ("Invoiced: Invoice 4",
 * a link) and asks before making another; a refusal shows on the button.
 */
export function InvoiceFromOfferAction({ action, doc, saveChanges }: ActionProps) {
  const { registry } = useAdmin();
  const navigate = useNavigate();
  const [create] = useInvoiceFromOfferMutation();
  const [asking, setAsking] = useState(false);
  const route = registry.model('invoice')?.route ?? '/_/invoices';
  // The newest live invoice made from this offer (the list tag refreshes it after a create or a delete).
  const earlier = useFindQuery(
    doc
      ? { model: 'invoice', params: { query: { offer: doc._id }, sort: { id: -1 }, limit: 1, fields: ['id'] } }
      : skipToken,
  ).data?.results[0];
  const Icon = navIcon(action.icon ?? 'FileText');
  const { state, run } = useProgress(async (again: boolean) => {
    if (saveChanges && !(await saveChanges()))
      throw new Error('Not created: the changes to the offer could not be saved (SAVE says why)');
    const answer = await create({ offer: doc!._id, ...(again ? { again } : {}) }).unwrap();
    navigate(`${route}/${answer.invoice}`);
    return answer;
  });
  if (!doc) return null;
  const earlierLink = earlier && (
    <Link to={`${route}/${earlier._id}`} className={linkClass}>
      Invoice {String(earlier.id)}
    </Link>
  );
  return (
    <>
      {earlierLink && (
        <span className="text-[13px] text-zinc-600" data-testid="offer-invoiced">
          Invoiced: {earlierLink}
        </span>
      )}
      <ProgressButton state={state} onClick={() => (earlier ? setAsking(true) : void run(false))} variant="secondary">
        {state.phase === 'idle' && <Icon aria-hidden className="size-4" />}
        {action.label}
      </ProgressButton>
      <Dialog.Root open={asking && earlier !== undefined} onOpenChange={setAsking}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 backdrop-blur-[1px]" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none">
            <Dialog.Title className="text-[15px] font-semibold text-zinc-900">Create another invoice?</Dialog.Title>
            <Dialog.Description className="mt-1.5 text-[13px] text-zinc-600">
              {earlierLink} was already created from this offer. Create another?
            </Dialog.Description>
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button
                variant="primary"
                onClick={() => {
                  setAsking(false);
                  void run(true);
                }}
              >
                Create another
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
