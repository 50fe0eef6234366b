import type { Plugin } from 'vite';

/** React Router's bundled ES modules (the package exports its development build). */
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
/** Its development build differs from its production one only in this flag. */
const DEV_WARNINGS_FLAG = /^var ENABLE_DEV_WARNINGS = true;$/m;
/** `Form.displayName = "Form";` at the top level of the module (its line stays, empty). */
const TOP_LEVEL_DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/** `var Form = React10.forwardRef(`, `var RouteContext = React.createContext(`, `React3.memo(`. */
const TOP_LEVEL_COMPONENT_FACTORY = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * Lets the bundler drop the parts of React Router the portal never renders (docs/decisions/0089).
 * Its module names each component and context with a top-level `displayName` write (only React's
 * developer tools read it) and builds them with unannotated `forwardRef`/`createContext` calls; either
 * one counts as a side effect, so `Form`, `ScrollRestoration` and friends stayed in the login screen's
 * script although nothing uses them. This drops those writes and marks those calls pure — nothing else.
 */
export function trimRouterSource(code: string): string {
  return code
    .replace(DEV_WARNINGS_FLAG, 'var ENABLE_DEV_WARNINGS = false;')
    .replace(TOP_LEVEL_DISPLAY_NAME, '')
    .replace(TOP_LEVEL_COMPONENT_FACTORY, '$1/* @__PURE__ */ $2');
}

export function trimRouter(): Plugin {
  return {
    name: 'backlay:trim-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_MODULE },
      handler(code) {
        return { code: trimRouterSource(code), map: null };
      },
    },
  };
}
