import { Hammer } from 'lucide-react';
import { useEffect } from 'react';
import { documentTitle } from '../../shared/admin/titles';
import { PageHeader } from '../ui/PageHeader';
import type { ScreenSpec } from './screens';

/** Placeholder inside the layout for screens that later work builds: never a blank page or a crash. */
export function ComingSoon({ screen }: { screen: ScreenSpec }) {
  useEffect(() => {
    document.title = documentTitle(screen.title);
  }, [screen.title]);
  return (
    <>
      <PageHeader title={screen.title} />
      <div className="flex justify-center px-4 py-16 md:py-24">
        <div className="max-w-sm text-center" data-testid="coming-soon">
          <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-accent-50 text-accent-600">
            <Hammer aria-hidden className="size-5" />
          </span>
          <h2 className="mt-4 text-[15px] font-semibold text-zinc-900">Coming soon</h2>
          <p className="mt-1.5 text-[13px] leading-relaxed text-zinc-500">
            {screen.title} {screen.comingIn ? <>arrives with {screen.comingIn}.</> : 'is not built yet.'} Everything
            else in the navigation works already.
          </p>
        </div>
      </div>
    </>
  );
}
