import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { ReadOnlyWidget } from './ReadOnlyWidget';
import { formContextOf } from './context';
import { AssistantFor } from './TextareaWidget';

// Editor.js loads with the first rich text field, not with every form.
const RichTextEditor = lazy(() => import('../richtext/RichTextEditor'));

/** Rich text (the inline text format of spec section 3) edited with Editor.js. */
export function RichTextWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, placeholder, registry } = props;
  if (readonly) return <ReadOnlyWidget {...props} />;
  const typing = formContextOf(registry).onTyping;
  const text = typeof value === 'string' ? value : '';
  return (
    <div aria-describedby={ariaDescribedByIds(id)}>
      <Suspense
        fallback={<div className="h-10 animate-pulse rounded-md border border-zinc-200 bg-zinc-50" aria-hidden />}
      >
        <RichTextEditor
          id={id}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(next) => onChange(next === '' ? undefined : next)}
          onTyping={typing && ((next) => typing(id, next === '' ? undefined : next))}
          onBlur={() => onBlur(id, text)}
        />
      </Suspense>
      <AssistantFor props={props} />
    </div>
  );
}
