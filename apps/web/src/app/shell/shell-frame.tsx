import type { MouseEvent, ReactNode } from 'react';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { Carousel } from './carousel.tsx';
import { Footer } from './footer.tsx';
import type { Drawer } from './use-drawer.ts';
import './shell-layout.css';

export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to content": the first Tab stop; moves focus to the page (a plain `#id` would change the route). */
function SkipLink({ inert }: { inert: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      inert={inert}
      data-testid="skip-link"
    >
      Skip to content
    </a>
  );
}

interface ShellFrameProps {
  userName: string | null;
  drawer: Drawer;
  onSignOut: () => void;
  /** The page. */
  children: ReactNode;
}

/**
 * The shell's markup around a page: header, sidebar, carousel, footer. Nothing here reads the session,
 * the server or the query cache, so the build can also render it without a page into index.html
 * (src/app/prerender.tsx, docs/decisions/0185) and the HTML paints the same chrome the app then draws.
 */
export function ShellFrame({ userName, drawer, onSignOut, children }: ShellFrameProps) {
  return (
    <>
      <SkipLink inert={drawer.open} />
      <div className="shell">
        <Header
          userName={userName}
          drawerOpen={drawer.open}
          onToggleDrawer={drawer.toggle}
          onSignOut={onSignOut}
          toggleRef={drawer.toggleRef}
          inert={drawer.open}
        />
        <Sidebar open={drawer.open} onClose={drawer.close} />
        <div className="shell-main" inert={drawer.open}>
          <Carousel />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="shell-content" data-testid="page">
            {children}
          </main>
          <Footer />
        </div>
      </div>
    </>
  );
}
