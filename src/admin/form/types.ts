import type { FieldPathList } from '@rjsf/utils';
import type { SecretsSet } from '../../shared/api/documents';
import type { JsonSchema } from '../../shared/registry';

/** An option of a relation select: the stored value and what people read. */
export interface RelationOption {
  value: string;
  /** The label field's value; what a search matches. */
  label: string;
  /** The `details` fields, formatted and joined (`12.03.2024 · 2.100,00 CHF`), shown after the label. */
  detail?: string;
  /** Its parent through a tree relation (`RelationQuery.tree`): the select leaves out the edited document's subtree. */
  parent?: string;
}

/** A field of the target shown after an option's label, with the schema that says how to format it. */
export interface RelationDetail {
  field: string;
  /** The target field's schema (resolved): `format`, `x-currency`, `enum` and `x-enumLabels` matter. */
  schema: JsonSchema;
}

/** Which documents a relation select offers, and how each reads (from the field's `x-relation`). */
export interface RelationQuery {
  model: string;
  /** Field of the target shown to people. */
  labelField: string;
  /** Field of the target the stored value equals (`_id`, or `name` for user roles). */
  keyField: string;
  /** Only documents with these field values (`x-relation.where`). */
  where?: Record<string, string | number | boolean>;
  /** Fields shown after the label (`x-relation.details`). */
  details?: RelationDetail[];
  /** The target model's title (`User`): a document nobody may name reads `Unknown user`. */
  modelTitle?: string;
  /**
   * Where the field sits in its model as a populate path (`client`, `items.user`): the label of a target the
   * signed-in user may not read comes with the stored document that refers to it (`x-relation.shareLabel`).
   */
  path?: string;
  /**
   * `x-relation.tree`: the field of the target that holds its parent (the relation's own field, as it is a
   * relation to its own model). A document's select leaves out the document and the documents below it.
   */
  tree?: string;
}

/**
 * What the caller may change of a document beyond what its schema says (a user above them keeps their password):
 * `locked` fields are shown read-only; `offer`, per field of several values (a relation list, enum checkboxes),
 * says which values the caller may add or take away. Others are not offered, and those already there stay, shown
 * but not changeable.
 */
export interface FieldLimits {
  locked: readonly string[];
  offer: Readonly<Record<string, Offer>>;
}

/** Which values of a field the caller may add or take away, and the words said under it when some are not offered. */
export interface Offer {
  allows(value: string): boolean;
  note: string;
}

/** A stored document: the one a form edits. */
export interface DocumentRef {
  model: string;
  id: string;
}

/** The label of one related document, and whether it is deleted. */
export interface RelationLabel {
  label: string;
  deleted: boolean;
}

/**
 * Where relation selects get their options. The admin implements it with
 * POST /api/document/find { model, query: where, limit: OPTION_LIMIT, sort: { [labelField]: 1 } }, answering
 * each document's `keyField` as `value`, its `labelField` as `label` and its `details` as `detail`
 * (relationOption.ts); stories use an in-memory one. A search matches the label.
 */
export interface FormDataSource {
  /**
   * false: the caller may not list the model (the server would answer 403, e.g. staff and roles). The form then
   * asks nothing of it, offers no choice, and shows a chosen value by the label the stored document shares (or
   * the key itself when people read it, as a role's name), else `Unknown role`. Missing: every model may be listed.
   */
  mayRead?(model: string): boolean;
  /**
   * false: the caller may not browse the file store (`GET /api/files/folder` needs `manage:files`, others get
   * 403), so file and image fields offer the files they may read by name instead of the file browser. Missing: they may.
   */
  mayBrowseFiles?: boolean;
  loadOptions(relation: RelationQuery, search?: string): Promise<RelationOption[]>;
  /**
   * One document's label (with its details) by its id, deleted and non-matching documents included (a
   * value the options do not hold: a deleted client of an invoice, a payment stored before `where` said
   * otherwise, or one past the option limit); undefined when there is none or the user may not see it.
   * `source`, the stored document holding the id at `relation.path`, answers the label of a target the
   * user may not read when the server shares it (an accountant's colleague on an invoice line).
   */
  loadLabel?(relation: RelationQuery, id: string, source?: DocumentRef): Promise<RelationLabel | undefined>;
  /**
   * Where a related document opens (its edit page), for a read-only relation to show its value as a link;
   * undefined (or missing, in stories) shows the label only. Rendered as a router link: only inside the admin.
   */
  documentLink?(model: string, id: string): string | undefined;
  /**
   * The AI text assistant (`POST /api/openai/text`): a proposal for `text` under a preset or custom prompt.
   * Multi-line text fields offer the assistant when the data source has it.
   */
  rewriteText?(text: string, prompt: string): Promise<string>;
}

/** What the theme's widgets and templates get from the form through rjsf's `formContext`. */
export interface FormContext {
  dataSource: FormDataSource;
  /** Cached option lists, one request per relation (model, fields, `where`) while the form is open. */
  loadOptions(relation: RelationQuery): Promise<RelationOption[]>;
  /** The document is not saved yet (no `_id`). */
  isNew: boolean;
  /** The edited document's `_id` when it has one: a tree relation's select leaves it and its subtree out. */
  documentId?: string;
  /** The stored document the form edits, when there is one: relation labels may come through it. */
  source?: DocumentRef;
  /**
   * The document is the signed-in user's own (`x-owner`): changing a secret of it (the password) needs
   * the current one, which the password widget asks for and puts at `_current.<field>`.
   */
  ownDocument: boolean;
  /**
   * Which secrets of the stored document hold a value (`_secretsSet` of the API's answer): the password widget
   * says whether one is set. Undefined for a new document, or where the server did not say.
   */
  secretsSet?: SecretsSet;
  /** The model's title (`User`): texts about the document name it. */
  modelTitle?: string;
  /** The server's refusals of a current secret, by secret field (`_current.password` → `password`). */
  currentErrors?: Record<string, string>;
  /** Secret fields the last save changed: the password widget says so (and that other sessions ended). */
  secretsChanged?: string[];
  /** Replaces the value at `path` (e.g. an array after a drag or a paste) and reports the change. */
  updateAt(path: FieldPathList, update: (current: unknown) => unknown): void;
  /** Single-line text fields offer the AI assistant too (the page editor: titles, labels, button texts). */
  assistSingleLine?: boolean;
  /**
   * A key typed into a rich text field, by the field's id, before the form's change (which follows
   * a frame later): the page editor's preview shows it at once.
   */
  onTyping?(id: string, value: unknown): void;
}
