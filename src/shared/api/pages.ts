/**
 * The page editor's calls (spec section 7, "cms"): the draft tree, publish, reset, spell check, the
 * element catalogue, versions and redirect statistics. Drafts and their live pages share their `_id`;
 * drafts and pages themselves travel as documents through the document API (`shared/api/documents`).
 */
import type { ElementCategory } from '../vocabulary';
import type { Doc } from './documents';

/** `GET /api/cms/pageTree?project=`: the drafts as a tree, roots first, children sorted by path. */
export interface PageTreeNode {
  _id: string;
  name: string;
  _path: string;
  /** A live page with this id exists. */
  published: boolean;
  /** The draft differs from the live page (or there is none yet). */
  changed: boolean;
  children: PageTreeNode[];
}
export type PageTreeAnswer = PageTreeNode[];

/** `GET /api/cms/publishPage?id=`: the live page as now published. */
export type PublishAnswer = Doc;
/** `POST /api/cms/resetDraft/{id}` (empty body): the draft, now equal to the live page. */
export type ResetAnswer = Doc;

/** One word the spell check does not know; `path` locates it, e.g. `title` or `elements.2.props.children.0.props.text`. */
export interface SpellFinding {
  path: string;
  word: string;
  suggestions: string[];
}
/** `GET /api/cms/checkPageDraft/{id}`: in the page's language (de, en, es, it); words of the site dictionary pass. */
export interface SpellCheckAnswer {
  language: string;
  findings: SpellFinding[];
}

/** `GET /api/cms/elements`: every element the editor can add. */
export interface CatalogElement {
  tag: string;
  label: string;
  /** One or two sentences on what the element is for (its schema's description). */
  description?: string;
  /** Its group in the editor's picker (`x-category`). */
  category: ElementCategory;
  /** The element's JSON Schema (props), with `$ref`s resolved. */
  config: Record<string, unknown>;
  /** Its style properties (a JSON Schema of the props that only change the look). */
  style: Record<string, unknown>;
}
export type ElementsAnswer = CatalogElement[];

/** A published state of a page, kept at every publish (`pageVersion` documents, newest first). */
export interface PageVersionSummary {
  _id: string;
  page: string;
  /** Login of who published it. */
  user?: string;
  publishedAt: string;
}
/** `GET /api/cms/pageVersions/{pageId}`. */
export type PageVersionsAnswer = PageVersionSummary[];
/** `GET /api/cms/pageVersion/{versionId}`: the page as it was published. */
export type PageVersionAnswer = PageVersionSummary & { content: Doc };
/** `POST /api/cms/restoreVersion/{versionId}` (empty body): the draft, now holding that version's content. */
export type RestoreAnswer = Doc;

/** `GET /api/redirectStats`: every redirect with how often the public site served it. */
export interface RedirectStat {
  redirect: { _id: string; name?: string; from: string; to: string };
  count: number;
}
export type RedirectStatsAnswer = RedirectStat[];

/**
 * `DELETE /api/cms/pageDraft/{id}?unpublish=true|false`: deletes the draft and, with `unpublish=true`,
 * its live page too (the editor asks which). Answers 204.
 */
export interface DeleteDraftQuery {
  unpublish?: 'true' | 'false';
}
