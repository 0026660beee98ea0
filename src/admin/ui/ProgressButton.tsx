import { Check, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProgressState } from '../core/useProgress';
import { buttonClass, type ButtonVariant } from './Button';
import { Tooltip } from './Tooltip';

/** Draws a progress state (see useProgress): spinner while loading, a check on success, a shake and the message on error. */
export function ProgressButton({
  state,
  onClick,
  children,
  variant = 'primary',
  disabled,
  title,
  errorShownElsewhere = false,
}: {
  state: ProgressState;
  onClick(): void;
  children: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** A hint on hover (what the button will do). */
  title?: string;
  /** The screen says the error in its own place (a message bar): the button only turns red, no tooltip over it. */
  errorShownElsewhere?: boolean;
}) {
  const error = state.phase === 'error' ? state.message : undefined;
  const tone =
    state.phase === 'success'
      ? 'bg-emerald-600 hover:bg-emerald-600 text-white border-transparent'
      : error
        ? 'bg-red-600 hover:bg-red-700 text-white border-transparent'
        : '';
  return (
    <Tooltip open={Boolean(error) && !errorShownElsewhere} content={error} tone="error">
      <button
        type="button"
        onClick={onClick}
        disabled={disabled || state.phase === 'loading'}
        data-state={state.phase}
        title={title}
        aria-live="polite"
        // The key restarts the shake each time a new error arrives.
        key={error ? `error:${error}` : 'button'}
        className={buttonClass(variant, `min-w-20 ${tone} ${error ? 'animate-shake' : ''}`)}
      >
        {state.phase === 'loading' && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {state.phase === 'success' && <Check aria-hidden className="size-4" />}
        {error && <TriangleAlert aria-hidden className="size-4" />}
        {children}
      </button>
    </Tooltip>
  );
}
