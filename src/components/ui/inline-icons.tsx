// lucide's shapes drawn inline, not lucide's components, for the layout's icons (every page's first
// load) and those of the heaviest pages' first loads (product page, listing, orders): lucide's
// component code (1 KB gzipped) then stays off those pages before they hydrate, at the 100 KB budget
// (issue 38 point 12, decisions 0147 and 0204). Circles and rectangles are written as paths. Other
// pages, the dialogs and the back office keep using lucide-react, within their budget.
/** A lucide shape as one path (`d`), drawn like lucide's icons: a page's own icons are made with it too. */
export const Icon = ({ className, d }: { className: string; d: string }) => (
  <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d={d} />
  </svg>
);

export type IconProps = { className: string };

export const CloseIcon = ({ className }: IconProps) => <Icon className={className} d="M18 6 6 18M6 6l12 12" />;
export const SearchIcon = ({ className }: IconProps) => <Icon className={className} d="m21 21-4.34-4.34M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />;
export const ImageOffIcon = ({ className }: IconProps) => (
  <Icon className={className} d="M2 2l20 20M10.41 10.41a2 2 0 1 1-2.83-2.83M13.5 13.5 6 21M18 12l3 3M3.59 3.59A1.99 1.99 0 0 0 3 5v14a2 2 0 0 0 2 2h14c.55 0 1.05-.22 1.41-.59M21 15V5a2 2 0 0 0-2-2H9" />
);
export const MenuIcon = ({ className }: IconProps) => <Icon className={className} d="M4 5h16M4 12h16M4 19h16" />;
export const PackageIcon = ({ className }: IconProps) => (
  <Icon className={className} d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73zM12 22V12M3.29 7 12 12l8.71-5M7.5 4.27l9 5.15" />
);
export const UserIcon = ({ className }: IconProps) => <Icon className={className} d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2M8 7a4 4 0 1 0 8 0 4 4 0 1 0-8 0" />;
export const ShieldIcon = ({ className }: IconProps) => (
  <Icon
    className={className}
    d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z"
  />
);
export const LogOutIcon = ({ className }: IconProps) => <Icon className={className} d="m16 17 5-5-5-5M21 12H9M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />;
export const ShoppingCartIcon = ({ className }: IconProps) => (
  <Icon className={className} d="M7 21a1 1 0 1 0 2 0 1 1 0 1 0-2 0M18 21a1 1 0 1 0 2 0 1 1 0 1 0-2 0M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12" />
);
export const MailIcon = ({ className }: IconProps) => <Icon className={className} d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />;
export const MapPinIcon = ({ className }: IconProps) => (
  <Icon className={className} d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0M9 10a3 3 0 1 0 6 0 3 3 0 1 0-6 0" />
);
export const ChevronRightIcon = ({ className }: IconProps) => <Icon className={className} d="m9 18 6-6-6-6" />;
