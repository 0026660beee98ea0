import type { ModelInfo } from '../registry';

// Document titles of admin screens: the browser sets them, and the server when it prerenders a list.

/** The admin backend label that follows the screen name in the document title. */
export const ADMIN_LABEL = 'Admin';

export function documentTitle(name: string): string {
  return `${name} - ${ADMIN_LABEL}`;
}

/** The document title of a model's list page (its navigation label when it has one). */
export function listTitle(model: Pick<ModelInfo, 'nav' | 'label'>): string {
  return documentTitle(model.nav ? model.nav.label : model.label);
}
