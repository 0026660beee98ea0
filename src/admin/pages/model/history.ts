/** Undo and redo over immutable states (spec section 4: the history holds 20 states). */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new state; the oldest falls off past `limit`, and redo is gone. */
export function record<T>(history: History<T>, next: T, limit: number): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [] };
}

/** Replaces the present without a history step (a save's answer, a merge of someone else's change). */
export const replacePresent = <T>(history: History<T>, present: T): History<T> => ({ ...history, present });

export function undo<T>(history: History<T>): History<T> {
  if (!history.past.length) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (!history.future.length) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next, future };
}
