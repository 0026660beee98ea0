import { SYSTEM } from '../../src/server/access/caller';
import { DEMO_SITE_CONFIG } from '../../src/server/seed/demoData';
import type { AdminServer } from './adminServer';

/** The demo's billing details (IBAN, VAT, payment references) that invoices and the bank import need. */
export function useDemoBilling(server: AdminServer) {
  return server.app.services.documents.save(SYSTEM, 'siteConfig', DEMO_SITE_CONFIG);
}

/** An open invoice of one item for `client`: its id and its number (what its payment reference encodes). */
export async function openInvoice(
  server: AdminServer,
  { client, name, date, price }: { client: string; name: string; date: string; price: number },
) {
  const saved = await server.save('invoice', {
    name,
    client,
    date,
    status: 'open',
    items: [{ name: 'Beratung', price, count: 1 }],
  });
  return { id: saved._id, number: Number((saved as { id?: number }).id) };
}

/** An invoice's status as stored. */
export async function invoiceStatus(server: AdminServer, id: string) {
  return (await server.api<{ status: string }>('GET', `/api/document/findById?model=invoice&id=${id}`)).json.status;
}
