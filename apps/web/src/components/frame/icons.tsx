// Small inline icons for the frame: no icon font or image request on the first page.
type IconProps = { size?: number };

/** A 24×24 icon drawn by one path in the text colour, hidden from assistive technology. */
function Icon({ size = 24, d }: IconProps & { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return <Icon {...props} d="M3 6h18v2H3V6zm0 5h18v2H3v-2zm0 5h18v2H3v-2z" />;
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5z"
    />
  );
}

export function CartIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2h3.3l.9 2H21a1 1 0 0 1 .9 1.4l-3.6 7A2 2 0 0 1 16.5 14H8.1l-1.1 2H19v2H7a2 2 0 0 1-1.8-3l1.4-2.5L3 4H1V2z"
    />
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
    />
  );
}

/** A drawer's close button (the cross), focused when the drawer opens. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button data-autofocus type="button" className="icon-button" aria-label={label} onClick={onClick}>
      <CloseIcon />
    </button>
  );
}
