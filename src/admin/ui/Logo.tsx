/** The product mark: a small building block. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-md bg-accent-600 text-white ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-[60%]"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinejoin="round"
      >
        <path d="M4 9.5 12 5l8 4.5-8 4.5z" />
        <path d="M4 14.5 12 19l8-4.5" />
      </svg>
    </span>
  );
}
