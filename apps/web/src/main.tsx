// zod stays out of this entry chunk (docs/decisions/0081): the pages that parse with the contracts
// load them lazily, and the contracts package configures zod (no `new Function`, which the CSP
// refuses) in its index before it builds any schema, so every chunk that brings zod is covered.
import './styles/global.css';
// The signed-in shell is painted from the HTML before any script runs (docs/decisions/0185), so its
// styles belong to the first stylesheet rather than to the shell's chunk. Importing them here moves
// them there and adds no script.
import './app/shell/shell-layout.css';
import './app/shell/header.css';
import './components/balance/balance-widget.css';
import './app/shell/sidebar.css';
import './app/shell/carousel.css';
import './app/shell/footer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { routerReady } from './app/router-ready.ts';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The page painted from index.html (the pre-rendered login page or signed-in shell) stays until the
// first page's chunks have loaded, so React's first render is that page: nothing blank in between,
// and the copy is replaced by its identical self (docs/decisions/0090, 0185). That render is a
// transition: React works in slices of a few milliseconds and lets the browser in between instead
// of holding the main thread for the whole shell and page at once; the copy stays until the commit
// (docs/decisions/0186).
void routerReady(router).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});
