import { createContext, useContext } from 'react';

/** What an array's items need from their list: the list's data (to copy an item) and whether dragging is on. */
export interface ArrayItems {
  formData: unknown[];
  sortable: boolean;
}

export const ArrayItemsContext = createContext<ArrayItems>({ formData: [], sortable: false });

export function useArrayItems(): ArrayItems {
  return useContext(ArrayItemsContext);
}
