import { isValidIBAN } from 'ibantools';
import { badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

/** The site configuration's billing IBAN is checked with its checksum when saved (the schema checks only its shape). */
export const siteConfigHooks: ModelHooks = {
  async beforeWrite({ doc }) {
    const billing = doc.billing as { iban?: string } | undefined;
    if (!billing?.iban) return;
    const iban = billing.iban.replace(/\s/g, '').toUpperCase();
    if (!isValidIBAN(iban))
      throw badRequest(`Billing IBAN ${billing.iban} is not valid (its check digits do not match)`, {
        fields: [{ field: 'billing.iban', message: 'invalid checksum' }],
      });
  },
};
