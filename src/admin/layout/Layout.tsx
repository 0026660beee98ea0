import { SquareTerminal } from 'lucide-react';
import { Outlet } from 'react-router';
import { DebugTerminal } from '../debug/DebugTerminal';
import { useDebugTerminal } from '../debug/useDebugTerminal';
import { NavRail } from './NavRail';
import { useNavController } from './useNavController';

const MAIN_ID = 'admin-main';

/** The admin frame: navigation rail and the routed screen. */
export function Layout() {
  const nav = useNavController();
  const terminal = useDebugTerminal();
  const tools = terminal.enabled
    ? [{ label: 'Debug terminal', icon: SquareTerminal, onClick: terminal.show }]
    : undefined;
  return (
    <div className="min-h-dvh bg-zinc-50">
      {/* The first stop of the keyboard: past the ~26 navigation links to the screen itself. */}
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Focus rather than a URL fragment: the router would take `#…` into the screen's address.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only rounded-md bg-white text-[13px] font-medium text-accent-700 shadow-lg focus:not-sr-only focus:fixed focus:border focus:border-zinc-300 focus:px-3 focus:py-2 focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        Skip to content
      </a>
      <NavRail nav={nav} tools={tools} />
      <DebugTerminal terminal={terminal} />
      {/* The screen is the page's main landmark (login and the story page, outside this frame, have their own). */}
      <main id={MAIN_ID} tabIndex={-1} className="pt-12 outline-none md:pt-0 md:pl-14">
        <Outlet />
      </main>
    </div>
  );
}
