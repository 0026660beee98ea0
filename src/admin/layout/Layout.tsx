import { SquareTerminal } from 'lucide-react';
import { Outlet } from 'react-router';
import { DebugTerminal } from '../debug/DebugTerminal';
import { useDebugTerminal } from '../debug/useDebugTerminal';
import { NavRail } from './NavRail';
import { useNavController } from './useNavController';

/** The admin frame: navigation rail and the routed screen. */
export function Layout() {
  const nav = useNavController();
  const terminal = useDebugTerminal();
  const tools = terminal.enabled
    ? [{ label: 'Debug terminal', icon: SquareTerminal, onClick: terminal.show }]
    : undefined;
  return (
    <div className="min-h-dvh bg-zinc-50">
      <NavRail nav={nav} tools={tools} />
      <DebugTerminal terminal={terminal} />
      {/* The screen is the page's main landmark (login and the story page, outside this frame, have their own). */}
      <main className="pt-12 md:pt-0 md:pl-14">
        <Outlet />
      </main>
    </div>
  );
}
