import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Play, Trash2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { buttonClass } from '../ui/Button';
import type { DebugTerminalController } from './useDebugTerminal';

/** The debug terminal dialog: the saved command, Shift+Enter runs it, the outputs below, the last commands aside. */
export function DebugTerminal({ terminal }: { terminal: DebugTerminalController }) {
  const output = useRef<HTMLDivElement>(null);
  useEffect(() => {
    output.current?.scrollTo({ top: output.current.scrollHeight });
  }, [terminal.runs]);
  if (!terminal.enabled) return null;
  return (
    <Dialog.Root open={terminal.open} onOpenChange={terminal.setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/40" />
        <Dialog.Content
          onKeyDown={(event) => {
            if (event.key === 'Enter' && event.shiftKey) {
              event.preventDefault();
              terminal.run();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 flex h-[min(90dvh,44rem)] w-[calc(100vw-1rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg border border-zinc-700 bg-zinc-900 text-zinc-100 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center gap-3 border-b border-zinc-700 px-4 py-2.5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-sm font-semibold">Debug terminal</Dialog.Title>
              <Dialog.Description className="text-xs text-zinc-400">
                Runs JavaScript on the server (audited). Shift+Enter runs the command; `return` answers a value.
              </Dialog.Description>
            </div>
            <button
              type="button"
              onClick={terminal.clear}
              aria-label="Clear the output"
              title="Clear the output"
              className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col md:flex-row">
            <div className="flex min-h-0 min-w-0 flex-1 flex-col">
              <div
                ref={output}
                data-testid="debug-output"
                aria-live="polite"
                className="min-h-0 flex-1 overflow-y-auto px-4 py-3 font-mono text-xs leading-relaxed"
              >
                {terminal.runs.length === 0 && (
                  <p className="text-zinc-500">
                    {'services, SYSTEM and console are in scope, e.g. '}
                    <code className="text-zinc-300">
                      {"return (await services.documents.find(SYSTEM, 'user', {})).results.length"}
                    </code>
                  </p>
                )}
                {terminal.runs.map((run) => (
                  <div key={run.key} data-testid="debug-run" className="mb-3">
                    <pre className="break-words whitespace-pre-wrap text-sky-300">› {run.js}</pre>
                    {run.running ? (
                      <LoaderCircle aria-label="Running" className="mt-1 size-4 animate-spin text-zinc-400" />
                    ) : run.failure ? (
                      <pre className="break-words whitespace-pre-wrap text-red-400">{run.failure}</pre>
                    ) : (
                      <>
                        <pre
                          data-testid="debug-buffer"
                          className={`break-words whitespace-pre-wrap ${run.reply?.error ? 'text-red-300' : 'text-zinc-100'}`}
                        >
                          {run.reply?.buffer || '(no output)'}
                        </pre>
                        <p className="text-[11px] text-zinc-500 tabular-nums">{run.reply?.duration} ms</p>
                      </>
                    )}
                  </div>
                ))}
              </div>
              <div className="border-t border-zinc-700 p-3">
                <label htmlFor="debug-command" className="sr-only">
                  Command
                </label>
                <textarea
                  id="debug-command"
                  autoFocus
                  spellCheck={false}
                  value={terminal.command}
                  onChange={(event) => terminal.setCommand(event.target.value)}
                  rows={5}
                  placeholder="console.log(1 + 1)"
                  className="block w-full resize-y rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-xs text-zinc-100 placeholder:text-zinc-600 focus:border-sky-500 focus:ring-2 focus:ring-sky-500/30 focus:outline-none"
                />
                <div className="mt-2 flex items-center justify-between gap-2">
                  <span className="text-[11px] text-zinc-500">Shift+Enter runs · Alt+§ opens and closes</span>
                  <button type="button" className={buttonClass('primary')} onClick={terminal.run}>
                    <Play aria-hidden className="size-4" />
                    RUN
                  </button>
                </div>
              </div>
            </div>
            {terminal.history.length > 0 && (
              <nav
                aria-label="Last commands"
                className="max-h-32 shrink-0 overflow-y-auto border-t border-zinc-700 md:max-h-none md:w-64 md:border-t-0 md:border-l"
              >
                <h3 className="px-3 pt-2.5 pb-1 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
                  Last commands
                </h3>
                <ul>
                  {terminal.history.map((entry) => (
                    <li key={entry}>
                      <button
                        type="button"
                        onClick={() => terminal.setCommand(entry)}
                        title={entry}
                        className="block w-full truncate px-3 py-1 text-left font-mono text-xs text-zinc-300 hover:bg-zinc-800"
                      >
                        {entry}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
