import { useState } from 'react';

/**
 * Text the person is typing, kept apart from the stored value: the draft follows the value when the
 * value changes from outside (another field, a reset) and the draft does not already stand for it.
 */
export function useDraft<V>(value: V, toText: (value: V) => string, standsFor: (text: string, value: V) => boolean) {
  const [draft, setDraft] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!standsFor(draft, value)) setDraft(toText(value));
  }
  return [draft, setDraft] as const;
}
