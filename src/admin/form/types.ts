import type { FieldPathList } from '@rjsf/utils';

/** An option of a relation select: the stored value and what people read. */
export interface RelationOption {
  value: string;
  label: string;
}

/** The label of one related document, and whether it is deleted. */
export interface RelationLabel {
  label: string;
  deleted: boolean;
}

/**
 * Where relation selects get their options. The admin implements it with
 * POST /api/document/find { model, limit: OPTION_LIMIT, sort: { [labelField]: 1 } }, answering each
 * document's `_id` as `value` and its `labelField` as `label`; stories use an in-memory one.
 */
export interface FormDataSource {
  loadOptions(model: string, labelField: string, search?: string): Promise<RelationOption[]>;
  /**
   * One document's label by its id, deleted documents included (a value the options do not hold: a
   * deleted client of an invoice, or one past the option limit); undefined when there is none.
   */
  loadLabel?(model: string, labelField: string, id: string): Promise<RelationLabel | undefined>;
  /**
   * The AI text assistant (`POST /api/openai/text`): a proposal for `text` under a preset or custom prompt.
   * Multi-line text fields offer the assistant when the data source has it.
   */
  rewriteText?(text: string, prompt: string): Promise<string>;
}

/** What the theme's widgets and templates get from the form through rjsf's `formContext`. */
export interface FormContext {
  dataSource: FormDataSource;
  /** Cached option lists, one request per model and field while the form is open. */
  loadOptions(model: string, labelField: string): Promise<RelationOption[]>;
  /** The document is not saved yet (no `_id`). */
  isNew: boolean;
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
