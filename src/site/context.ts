import { createContext, useContext } from 'react';
import type { SiteConfig } from '../shared/generated/types';

/** What a page element may need beyond its props; provided by the SSR entry and the client alike. */
export interface SiteContextValue {
  config: SiteConfig;
  /** The page being shown. */
  page: { _id: string; path: string; title?: string; language?: string };
  /** Paths of the pages that links of type PAGE point to, by page id. */
  pagePaths: Record<string, string>;
  /** Public submissions (client side); each rejects with the server's error message. */
  api: {
    submitForm(name: string, data: Record<string, unknown>): Promise<void>;
    contact(body: {
      firstName: string;
      lastName: string;
      email: string;
      phone?: string;
      subject?: string;
      message: string;
      agb?: boolean;
    }): Promise<void>;
    event(data: Record<string, unknown>): Promise<void>;
  };
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs a SiteContext provider (SSR entry, client entry or story decorator)');
  return site;
}
