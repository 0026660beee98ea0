import type { Layout, Page } from '../generated/types';

/** `GET /api/cms/page`: a page with its layout and the paths of the pages it links to, or a redirect (a 404 carries `{ error }`). */
export type PageAnswer =
  | { page: Page & { _id: string }; layout: Pick<Layout, 'elements'> | null; pagePaths: Record<string, string> }
  | { redirect: { to: string; permanent: boolean } };
