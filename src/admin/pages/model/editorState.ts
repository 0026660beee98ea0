import { UNDO_DEPTH } from '../../../shared/rules/constants';
import { record, redo, replacePresent, startHistory, undo, type History } from './history';

export type EditedDoc = Record<string, unknown>;

/**
 * The document being edited: its undo history, the last version the server confirmed (`base`, the
 * common ancestor for merging someone else's save) and the state the server has (`saved`), so
 * `present !== saved` means there is something to push.
 */
export interface EditorState {
  history: History<EditedDoc>;
  /** Typing goes into one undo step until the edit is pushed. */
  grouping: boolean;
  base: EditedDoc;
  saved: EditedDoc;
}

export type EditorAction =
  | { type: 'load'; doc: EditedDoc }
  /** A change; `group` joins it with the previous typing into one undo step. */
  | { type: 'edit'; doc: EditedDoc; group?: boolean }
  | { type: 'endGroup' }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The server stored `sent` and answered `stored`. */
  | { type: 'stored'; sent: EditedDoc; stored: EditedDoc }
  /** Someone else's version merged with ours: `theirs` becomes the base. */
  | { type: 'merged'; doc: EditedDoc; theirs: EditedDoc };

/** Fields the server sets: taken from its answer, never part of an edit. */
export const SERVER_FIELDS = ['_id', '_version', '_createdAt', '_updatedAt', '_deletedAt', '_path', 'breadcrumb'];

const withServerFields = (doc: EditedDoc, from: EditedDoc): EditedDoc => {
  const next = { ...doc };
  for (const key of SERVER_FIELDS) {
    if (from[key] === undefined) delete next[key];
    else next[key] = from[key];
  }
  return next;
};

export function startEditor(doc: EditedDoc): EditorState {
  return { history: startHistory(doc), grouping: false, base: doc, saved: doc };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return startEditor(action.doc);
    case 'edit': {
      if (action.group && state.grouping) return { ...state, history: replacePresent(state.history, action.doc) };
      return { ...state, history: record(state.history, action.doc, UNDO_DEPTH), grouping: !!action.group };
    }
    case 'endGroup':
      return state.grouping ? { ...state, grouping: false } : state;
    case 'undo':
      return { ...state, grouping: false, history: undo(state.history) };
    case 'redo':
      return { ...state, grouping: false, history: redo(state.history) };
    case 'stored': {
      const unchanged = state.history.present === action.sent;
      const present = unchanged ? action.stored : withServerFields(state.history.present, action.stored);
      return {
        ...state,
        history: replacePresent(state.history, present),
        base: action.stored,
        saved: unchanged ? present : action.stored,
      };
    }
    case 'merged': {
      const doc = withServerFields(action.doc, action.theirs);
      return {
        ...state,
        grouping: false,
        history: record(state.history, doc, UNDO_DEPTH),
        base: action.theirs,
        saved: action.theirs,
      };
    }
  }
}

export const isDirty = (state: EditorState) => state.history.present !== state.saved;
