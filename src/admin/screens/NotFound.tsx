import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader';

/** An admin path that matches no screen, or a model the caller may not see. */
export function NotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <div className="px-6 py-16 text-center text-[13px] text-zinc-500">
        Nothing here, or you may not see it.{' '}
        <Link to="/_" className="text-accent-600 hover:underline">
          Back to the start
        </Link>
      </div>
    </>
  );
}
