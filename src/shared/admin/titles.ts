import type { ModelInfo } from '../registry';
import { pluralize } from '../rules/pluralize';

// Document titles of admin screens: the browser sets them, and the server when it prerenders a list.

/** The admin backend label that follows the screen name in the document title. */
export const ADMIN_LABEL = 'Admin';

export function documentTitle(name: string): string {
  return `${name} - ${ADMIN_LABEL}`;
}

/** What a model's list is called: its navigation label, or its label in the plural ('Pages', not 'Page'). */
export function listName(model: Pick<ModelInfo, 'nav' | 'label'>): string {
  return model.nav ? model.nav.label : pluralize(model.label);
}

/** The document title of a model's list page. */
export function listTitle(model: Pick<ModelInfo, 'nav' | 'label'>): string {
  return documentTitle(listName(model));
}
