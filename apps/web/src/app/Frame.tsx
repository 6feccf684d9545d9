import { Outlet } from 'react-router';

// The shared frame: header, cart panel, footer (issue: web frame). Placeholder until that work lands.
export function Frame() {
  return (
    <div className="frame">
      <main>
        <Outlet />
      </main>
    </div>
  );
}
