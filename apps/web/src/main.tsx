// zod stays out of this entry chunk (docs/decisions/0081): the pages that parse with the contracts
// load them lazily, and the contracts package configures zod (no `new Function`, which the CSP
// refuses) in its index before it builds any schema, so every chunk that brings zod is covered.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import { routerReady } from './app/router-ready.ts';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The page painted from index.html (the pre-rendered login page or the splash) stays until the
// first page's chunks have loaded, so React's first render is that page: nothing blank in between,
// and the login page is replaced by its identical self (docs/decisions/0090).
void routerReady(router).then(() => {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
