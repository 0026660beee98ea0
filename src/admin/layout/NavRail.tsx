import { ChevronDown, LogOut, Menu, X } from 'lucide-react';
import type { ComponentType } from 'react';
import { NavLink as RouterLink } from 'react-router';
import { navIcon, NAV_ICONS } from '../core/nav/icons';
import type { NavLink } from '../core/nav/navEntries';
import { Logo } from '../ui/Logo';
import type { NavController } from './useNavController';

const row = 'flex h-9 items-center rounded-md text-[13px] font-medium whitespace-nowrap transition-colors';
const label =
  'truncate opacity-100 transition-opacity md:opacity-0 md:group-hover/rail:opacity-100 md:group-data-[open=true]/rail:opacity-100';

function Link({ link, nested, onNavigate }: { link: NavLink; nested?: boolean; onNavigate(): void }) {
  const Icon = navIcon(link.icon);
  return (
    <RouterLink
      to={link.to}
      end={link.to === '/_'}
      onClick={onNavigate}
      title={link.label}
      className={({ isActive }) =>
        `${row} ${nested ? 'md:group-hover/rail:pl-3' : ''} ${isActive ? 'bg-accent-50 text-accent-700' : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900'}`
      }
    >
      <span className="flex w-10 shrink-0 justify-center">
        <Icon aria-hidden className="size-[18px]" strokeWidth={1.8} />
      </span>
      <span className={label}>{link.label}</span>
    </RouterLink>
  );
}

/**
 * Spec section 2, navigation: a rail of icons that expands on hover to 200 px (full width below
 * 768 px), a menu toggle on touch screens, the avatar link and logout at the bottom.
 */
/** A button at the bottom of the rail (e.g. the debug terminal for superusers). */
export interface NavTool {
  label: string;
  icon: ComponentType<{ className?: string; strokeWidth?: number; 'aria-hidden'?: boolean }>;
  onClick(): void;
}

export function NavRail({ nav, tools = [] }: { nav: NavController; tools?: NavTool[] }) {
  const close = () => nav.setOpen(false);
  const initial = (nav.user.login[0] ?? '?').toUpperCase();
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-30 flex h-12 items-center gap-2 border-b border-zinc-200 bg-white px-2 md:hidden">
        <button
          type="button"
          aria-label={nav.open ? 'Close menu' : 'Open menu'}
          aria-expanded={nav.open}
          onClick={() => nav.setOpen(!nav.open)}
          className="inline-flex size-9 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100"
        >
          {nav.open ? <X className="size-5" /> : <Menu className="size-5" />}
        </button>
        <Logo className="size-6" />
        <span className="text-sm font-semibold tracking-tight">Baukasten</span>
      </header>
      <nav
        aria-label="Main"
        data-open={nav.open}
        className="group/rail fixed top-12 bottom-0 left-0 z-30 hidden w-full flex-col overflow-hidden border-r border-zinc-200 bg-white data-[open=true]:flex md:top-0 md:flex md:w-14 md:transition-[width,box-shadow] md:duration-150 md:hover:w-[200px] md:hover:shadow-xl md:data-[open=true]:w-[200px] md:data-[open=true]:shadow-xl"
      >
        <div className="hidden h-14 shrink-0 items-center px-2 md:flex">
          <span className="flex w-10 shrink-0 justify-center">
            <Logo className="size-7" />
          </span>
          <span className={`${label} text-sm font-semibold tracking-tight`}>Baukasten</span>
          <button
            type="button"
            aria-label={nav.open ? 'Collapse menu' : 'Expand menu'}
            onClick={() => nav.setOpen(!nav.open)}
            className="ml-auto hidden size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 pointer-coarse:inline-flex"
          >
            {nav.open ? <X className="size-4" /> : <Menu className="size-4" />}
          </button>
        </div>
        <div className="flex-1 space-y-0.5 overflow-x-hidden overflow-y-auto px-2 py-2 md:py-0">
          {nav.links.map((link) => (
            <Link key={link.key} link={link} onNavigate={close} />
          ))}
          {nav.groups.length > 0 && (
            <div className="mt-3 border-t border-zinc-100 pt-3">
              <p className={`${label} mb-1 px-3 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase`}>
                Modules
              </p>
              {nav.groups.map((group) => {
                const Icon = NAV_ICONS[group.icon];
                const selected = nav.module === group.name;
                return (
                  <div key={group.name}>
                    <button
                      type="button"
                      aria-expanded={selected}
                      onClick={() => nav.toggleModule(group.name)}
                      title={group.name}
                      className={`${row} w-full text-left ${selected ? 'text-zinc-900' : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900'}`}
                    >
                      <span className="flex w-10 shrink-0 justify-center">
                        <Icon aria-hidden className="size-[18px]" strokeWidth={1.8} />
                      </span>
                      <span className={`${label} flex-1`}>{group.name}</span>
                      <ChevronDown
                        aria-hidden
                        className={`${label} mr-2 size-3.5 shrink-0 transition-transform ${selected ? '' : '-rotate-90'}`}
                      />
                    </button>
                    {selected && (
                      <div className="space-y-0.5 md:border-l-0 md:group-hover/rail:ml-4 md:group-hover/rail:border-l md:group-hover/rail:border-zinc-200">
                        {group.links.map((link) => (
                          <Link key={link.key} link={link} nested onNavigate={close} />
                        ))}
                      </div>
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </div>
        <div className="shrink-0 space-y-0.5 border-t border-zinc-200 p-2">
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              onClick={() => {
                close();
                tool.onClick();
              }}
              title={tool.label}
              className={`${row} w-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900`}
            >
              <span className="flex w-10 shrink-0 justify-center">
                <tool.icon aria-hidden className="size-[18px]" strokeWidth={1.8} />
              </span>
              <span className={label}>{tool.label}</span>
            </button>
          ))}
          {nav.profileLink && (
            <RouterLink
              to={nav.profileLink}
              onClick={close}
              title={nav.user.login}
              className={`${row} text-zinc-700 hover:bg-zinc-100`}
            >
              <span className="flex w-10 shrink-0 justify-center">
                {nav.user.avatar?.src ? (
                  <img src={nav.user.avatar.src} alt="" className="size-7 rounded-full object-cover" />
                ) : (
                  <span
                    aria-hidden
                    data-testid="avatar-initial"
                    className="flex size-7 items-center justify-center rounded-full bg-zinc-800 text-xs font-semibold text-white"
                  >
                    {initial}
                  </span>
                )}
              </span>
              <span className={label}>{nav.user.login}</span>
            </RouterLink>
          )}
          <button
            type="button"
            onClick={() => void nav.logout()}
            title="Logout"
            className={`${row} w-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900`}
          >
            <span className="flex w-10 shrink-0 justify-center">
              <LogOut aria-hidden className="size-[18px]" strokeWidth={1.8} />
            </span>
            <span className={label}>Logout</span>
          </button>
        </div>
      </nav>
    </>
  );
}
