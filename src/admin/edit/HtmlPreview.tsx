/** Spec section 2, mail template detail: the HTML in a sandboxed iframe labelled 'Vorschau', following every edit. */
export function HtmlPreview({ label, html }: { label: string; html: string }) {
  return (
    <section
      aria-label={`Vorschau ${label}`}
      className="overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs"
    >
      <header className="flex h-9 items-center justify-between border-b border-zinc-200 bg-zinc-50 px-3">
        <h2 className="text-[13px] font-medium text-zinc-700">Vorschau</h2>
        <span className="text-xs text-zinc-400">{label}</span>
      </header>
      {/* An empty sandbox: no scripts, no same-origin access, no forms or navigation. */}
      <iframe
        title="Vorschau"
        sandbox=""
        srcDoc={html}
        className="block h-[28rem] w-full bg-white xl:h-[calc(100dvh-10rem)]"
      />
    </section>
  );
}
