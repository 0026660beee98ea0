import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ModelInfo } from '../../shared/registry';
import type { ActionAnnotation, AdminActionName } from '../../shared/vocabulary';
import { useAdmin } from '../core/AdminContext';
import { canAccess } from '../core/access';
import { navIcon } from '../core/nav/icons';
import type { Doc } from '../core/data/types';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { InvoiceFromOfferAction } from './InvoiceFromOfferAction';
import { useBankStatementImport } from './useBankStatementImport';

// Loaded as they open: a list page shows the buttons; the dialogs (date fields, a bank statement's table) are code
// it needs only then.
const InvoiceFromTimeDialog = lazy(() =>
  import('./InvoiceFromTimeDialog').then((module) => ({ default: module.InvoiceFromTimeDialog })),
);
const BankStatementDialog = lazy(() =>
  import('./BankStatementDialog').then((module) => ({ default: module.BankStatementDialog })),
);

/** What an action's button gets: its annotation, the model, and the document of an edit page. */
export interface ActionProps {
  action: ActionAnnotation;
  model: ModelInfo;
  doc?: Doc;
  /**
   * On an edit page with changes not saved yet: saves them (SAVE shows progress and problems) and answers the
   * saved document, or undefined when the save failed. An action working on the stored document calls it first.
   */
  saveChanges?: () => Promise<Doc | undefined>;
}

function ActionButton({ action, onClick }: { action: ActionAnnotation; onClick(): void }) {
  const Icon = navIcon(action.icon ?? 'FileText');
  return (
    <Button onClick={onClick} data-action={action.action}>
      <Icon aria-hidden className="size-4" />
      {action.label}
    </Button>
  );
}

/** "Create invoice": on a client's page the client is preselected. */
export function InvoiceFromTimeAction({ action, model, doc }: ActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton action={action} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <InvoiceFromTimeDialog
            client={model.name === 'client' ? doc?._id : undefined}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Import bank statement": picks a camt.053/054 file, sends it, shows what it paid. */
function BankStatementAction({ action }: ActionProps) {
  const { registry } = useAdmin();
  const statement = useBankStatementImport();
  return (
    <>
      {statement.inBackground ? (
        // The dialog was closed while importing: the button says the import goes on and opens its dialog again.
        <Button onClick={statement.show} data-action={action.action} data-testid="bank-statement-running">
          <Spinner className="size-3.5" />
          Importing bank statement…
        </Button>
      ) : (
        <ActionButton action={action} onClick={statement.pick} />
      )}
      <input
        ref={statement.input}
        type="file"
        accept=".xml,application/xml,text/xml"
        aria-label={action.label}
        data-testid="bank-statement-file"
        className="hidden"
        onChange={(event) => statement.onPicked(event.target.files)}
      />
      {statement.state.phase !== 'idle' && (
        <Suspense fallback={null}>
          <BankStatementDialog statement={statement} invoiceRoute={registry.model('invoice')?.route ?? '/_/invoices'} />
        </Suspense>
      )}
    </>
  );
}

/** The dialog of each action a schema may name (`x-admin.actions`); a missing one fails to compile. */
const ACTIONS = {
  invoiceFromTime: InvoiceFromTimeAction,
  bankStatement: BankStatementAction,
  invoiceFromOffer: InvoiceFromOfferAction,
} satisfies Record<AdminActionName, ComponentType<ActionProps>>;

/** The model's actions for its list or edit page that the caller may use (the server checks again). */
export function ModelActions({
  model,
  on,
  doc,
  saveChanges,
}: {
  model: ModelInfo;
  on: ActionAnnotation['on'];
  doc?: Doc;
  saveChanges?: ActionProps['saveChanges'];
}) {
  const { permissions } = useAdmin();
  return (
    <>
      {model.actions
        .filter((action) => action.on === on && canAccess(permissions, action.permission))
        .map((action) => {
          const Action = ACTIONS[action.action];
          return <Action key={action.action} action={action} model={model} doc={doc} saveChanges={saveChanges} />;
        })}
    </>
  );
}
