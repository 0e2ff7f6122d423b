// The listing's icons drawn inline (lucide's shapes), not lucide's components: its first load is
// at the 100 KB budget (decision 0147), and each lucide icon brings its own module.
const Icon = ({ className, d }: { className: string; d: string }) => (
  <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d={d} />
  </svg>
);

export const CloseIcon = ({ className }: { className: string }) => <Icon className={className} d="M18 6 6 18M6 6l12 12" />;
export const SearchIcon = ({ className }: { className: string }) => <Icon className={className} d="m21 21-4.34-4.34M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />;
export const ImageOffIcon = ({ className }: { className: string }) => (
  <Icon className={className} d="M2 2l20 20M10.41 10.41a2 2 0 1 1-2.83-2.83M13.5 13.5 6 21M18 12l3 3M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.05-.22 1.41-.59M21 15V5a2 2 0 0 0-2-2H9" />
);
