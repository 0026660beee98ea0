export type { Refusal } from '../model/refusal';

/** A refusal under the header, with a button that opens the element at fault (the message names it by its place in the JSON). */
export function RefusalBar({
  text,
  element,
  onShow,
}: {
  text: string;
  element: string | null;
  onShow(key: string): void;
}) {
  return (
    <div className="flex items-start gap-3 border-t border-red-200 bg-red-50 px-4 py-1.5 text-[13px] text-red-700 md:px-6">
      <p role="alert" className="min-w-0 flex-1 break-words">
        {text}
      </p>
      {element !== null && (
        <button
          type="button"
          onClick={() => onShow(element)}
          className="shrink-0 font-medium whitespace-nowrap underline underline-offset-2 hover:text-red-900"
        >
          Show element
        </button>
      )}
    </div>
  );
}
