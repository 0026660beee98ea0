import type { ElementProps } from '../../render/types';

/** Deprecated wrapper: children one below the other at content width. */
export default function Content({ children }: ElementProps<'content'>) {
  return <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-5 py-10 md:px-8">{children}</div>;
}
