import { Outlet } from 'react-router';
import { NavRail } from './NavRail';
import { useNavController } from './useNavController';

/** The admin frame: navigation rail and the routed screen. */
export function Layout() {
  const nav = useNavController();
  return (
    <div className="min-h-dvh bg-zinc-50">
      <NavRail nav={nav} />
      <div className="pt-12 md:pt-0 md:pl-14">
        <Outlet />
      </div>
    </div>
  );
}
