import { LoaderCircle } from 'lucide-react';

export function Spinner({ label = 'Loading', className = 'size-5' }: { label?: string; className?: string }) {
  return <LoaderCircle role="status" aria-label={label} className={`animate-spin text-zinc-500 ${className}`} />;
}
