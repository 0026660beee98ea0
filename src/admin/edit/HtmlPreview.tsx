/**
 * Spec section 2, mail template detail: the HTML in a sandboxed iframe labelled 'Vorschau', following every edit.
 * `subject`, when given, is the mail's subject line as it will be sent, shown above the HTML.
 */
export function HtmlPreview({ label, html, subject }: { label: string; html: string; subject?: string }) {
  return (
    <section
      aria-label={`Vorschau ${label}`}
      className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs"
    >
      <header className="flex h-9 items-center justify-between border-b border-zinc-200 bg-zinc-50 px-3">
        <h2 className="text-[13px] font-medium text-zinc-700">Vorschau</h2>
        <span className="text-xs text-zinc-500">{label}</span>
      </header>
      {subject !== undefined && (
        <p
          data-testid="preview-subject"
          className="flex min-w-0 items-baseline gap-2 border-b border-zinc-200 px-3 py-2 text-[13px]"
        >
          <span className="shrink-0 text-xs text-zinc-500">Subject</span>
          {subject ? (
            <span className="min-w-0 font-medium break-words text-zinc-900">{subject}</span>
          ) : (
            <span className="text-zinc-500">(no subject)</span>
          )}
        </p>
      )}
      {/* An empty sandbox: no scripts, no same-origin access, no forms or navigation. */}
      <iframe
        title="Vorschau"
        sandbox=""
        srcDoc={html}
        // The subject line takes from the iframe, so the sticky preview still ends within the window.
        className={`block h-[28rem] w-full bg-white ${subject !== undefined ? 'xl:h-[calc(100dvh-12.5rem)]' : 'xl:h-[calc(100dvh-10rem)]'}`}
      />
    </section>
  );
}
