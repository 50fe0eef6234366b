// Script budget per route, read from the last build's index.html and Vite manifest (docs/decisions/0081,
// 0210), and a check that the build wrote the compressed copies the server sends (docs/decisions/0080).
// Usage: node scripts/check-budget.mjs [distDir]   Exit 1 when the login route is over budget.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The most gzipped script the login screen (the first screen of every visit) may download: 100 KiB,
 * counting every script it loads: public/boot.js, any inline script of index.html and the entry with its
 * imports (docs/decisions/0210). React, React DOM and React Router weigh about 95 KiB of it (every router API any page uses lives in
 * the entry chunk, so pages use `Link`, `useLocation` and `useNavigate` rather than `NavLink` or
 * `useSearchParams`; docs/decisions/0089); anything that drags a page, zod or the query library into
 * the entry trips it. Served as brotli it is about 86 KiB.
 */
export const LOGIN_BUDGET_BYTES = 100 * 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const MIN_COMPRESS_BYTES = 256;

/** The lazily loaded source modules each route renders, on top of the entry chunk. */
export const ROUTE_MODULES = {
  '/login': [],
  '/home': [
    'src/app/shell/shell-layout.tsx',
    'src/app/provider.tsx',
    'src/features/home/components/home-page.tsx',
  ],
  '/ourcasino': [
    'src/app/shell/shell-layout.tsx',
    'src/app/provider.tsx',
    'src/features/casino-lobby/components/lobby-page.tsx',
    'src/features/casino-lobby/lobbies.ts',
  ],
  '/cricket': [
    'src/app/shell/shell-layout.tsx',
    'src/app/provider.tsx',
    'src/features/sports/components/sports-list-page.tsx',
  ],
  '/account': [
    'src/app/shell/shell-layout.tsx',
    'src/app/provider.tsx',
    'src/features/account-statement/components/account-statement-page.tsx',
  ],
};

/** The chunk files a set of manifest keys loads, following static imports. */
export function chunkClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest; update ROUTE_MODULES`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].filter((file) => file.endsWith('.js'));
}

/**
 * The `<template data-preload>` groups public/boot.js copies into <head> on each route: the login page
 * starts only the entry; a signed-in page also the shell's group and its own, when it has one.
 */
export const bootTemplates = (route) => (route === '/login' ? ['entry'] : ['entry', 'shell', route]);

const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const TEMPLATE = /<template\b[^>]*\bdata-preload="([^"]*)"[^>]*>([\s\S]*?)<\/template>/g;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const LINK = /<link\b[^>]*>/g;
const attribute = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
const isScriptPreload = (tag) =>
  attribute(tag, 'rel') === 'modulepreload' ||
  (attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'script');

function scriptsIn(html) {
  const urls = [];
  const inline = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    const src = attribute(attributes, 'src');
    if (src !== null) urls.push(src);
    else if (body.trim() !== '') inline.push(body);
  }
  for (const [tag] of html.matchAll(LINK)) if (isScriptPreload(tag)) urls.push(attribute(tag, 'href'));
  return { urls, inline };
}

/**
 * What index.html makes a route load before any page chunk: the scripts and script preloads of the
 * document itself (boot.js), those of the templates boot.js copies on that route, and inline scripts.
 * URLs are as written (`/boot.js`, `/assets/index-….js`).
 */
export function htmlScripts(html, templates) {
  const page = html.replace(HTML_COMMENT, '');
  const groups = new Map([...page.matchAll(TEMPLATE)].map(([, name, body]) => [name, body]));
  const found = [page.replace(TEMPLATE, ''), ...templates.map((name) => groups.get(name) ?? '')].map(
    scriptsIn,
  );
  return { urls: [...new Set(found.flatMap((one) => one.urls))], inline: found.flatMap((one) => one.inline) };
}

/** A script URL of index.html as a file of the build; one from another origin cannot be weighed here. */
function distFileOf(url) {
  if (/^[a-z]+:|^\/\//i.test(url))
    throw new Error(`index.html loads ${url} from elsewhere; the budget cannot weigh it`);
  return url.replace(/^\//, '').split(/[?#]/)[0];
}

const entryKey = (manifest) => {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
};

const compressedSizes = (bytes) => ({
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/**
 * Gzipped (level 9, as served) and brotli bytes of every script each route loads: those index.html
 * names for it (boot.js, the entry's template, inline scripts) and the chunks its modules import.
 */
export function measureRoutes(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, compressedSizes(readFileSync(join(distDir, file))));
    return sizes.get(file);
  };
  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    const fromHtml = htmlScripts(html, bootTemplates(route));
    const chunks = chunkClosure(manifest, [entryKey(manifest), ...modules]);
    const files = [...new Set([...fromHtml.urls.map(distFileOf), ...chunks])];
    const measured = [
      ...files.map(sizeOf),
      ...fromHtml.inline.map((body) => compressedSizes(Buffer.from(body))),
    ];
    const total = measured.reduce((sum, size) => ({
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }));
    return { route, files: measured.length, ...total };
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Served text files (outside `.vite/`) that lack their `.br` or `.gz` copy. */
export function missingCompressedCopies(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : missingCompressedCopies(path);
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_COMPRESS_BYTES) return [];
    return ['.br', '.gz'].filter((suffix) => !existsSync(path + suffix)).map((suffix) => path + suffix);
  });
}

function main() {
  const distDir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  const routes = measureRoutes(distDir);
  console.log('route        scripts  gzip        brotli');
  for (const { route, files, gzip, brotli } of routes) {
    console.log(`${route.padEnd(12)} ${String(files).padStart(7)}  ${kib(gzip).padEnd(11)} ${kib(brotli)}`);
  }
  const missing = missingCompressedCopies(distDir);
  if (missing.length > 0) {
    console.error(`The build left text files uncompressed (scripts/precompress.ts): ${missing.join(', ')}`);
    process.exit(1);
  }
  const login = routes.find((row) => row.route === '/login');
  if (login.gzip > LOGIN_BUDGET_BYTES) {
    console.error(
      `Script budget exceeded: the login route loads ${kib(login.gzip)} (${login.gzip} bytes) of gzipped script, ` +
        `over the ${kib(LOGIN_BUDGET_BYTES)} budget. Load the extra code lazily (src/app/routes.tsx).`,
    );
    process.exit(1);
  }
  console.log(
    `login route within its ${kib(LOGIN_BUDGET_BYTES)} gzipped script budget: ${login.gzip} bytes of ${LOGIN_BUDGET_BYTES}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) main();
