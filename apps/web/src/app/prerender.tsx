import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { paths } from '../paths.ts';
import { ShellFrame } from './shell/shell-frame.tsx';
import type { Drawer } from './shell/use-drawer.ts';

/** The pages index.html paints before the app runs (docs/decisions/0090, 0185). */
export interface PrerenderedPages {
  /** The login page of a visitor without a session, which every path shows without one. */
  login: string;
  /** The signed-in shell (header, sidebar, first carousel slide) around an empty page. */
  shell: string;
}

const nothing = () => undefined;

const closedDrawer: Drawer = { open: false, toggle: nothing, close: nothing, toggleRef: { current: null } };

/** The copies carry no test ids: tests must only ever find and use the app's own page. */
const withoutTestIds = (markup: string) => markup.replace(/ data-testid="[^"]*"/g, '');

/**
 * React's own first render of both pages, as static markup; the build writes it into index.html
 * (scripts/prerender.ts). Rendered outside a browser: no session, no balance yet ("Connecting..."),
 * the drawer closed and the first slide showing, which is what the app's first render draws too.
 */
export function prerenderPages(): PrerenderedPages {
  const login = renderToStaticMarkup(
    <MemoryRouter initialEntries={[paths.login]}>
      <LoginPage />
    </MemoryRouter>,
  );
  const shell = renderToStaticMarkup(
    <MemoryRouter initialEntries={[paths.home]}>
      <ShellFrame userName={null} drawer={closedDrawer} onSignOut={nothing}>
        {null}
      </ShellFrame>
    </MemoryRouter>,
  );
  return { login: withoutTestIds(login), shell: withoutTestIds(shell) };
}
