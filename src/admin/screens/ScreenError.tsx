import { useRouteError } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { Button } from '../ui/Button';

/**
 * A screen that failed to render (a bug, or its code could not load after an update): the navigation
 * stays, the screen says so and offers a reload. The details go to the console, never a stack on screen.
 */
export function ScreenError() {
  const error = useRouteError();
  console.error(error);
  return (
    <>
      <PageHeader title="This screen could not be shown" />
      <div role="alert" className="space-y-3 px-6 py-16 text-center text-[13px] text-zinc-600">
        <p>Something went wrong while showing it. Reloading the page usually helps; nothing you saved is lost.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </>
  );
}
