import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The repository's files as a graph of imports, for the cycle check (docs/decisions/0225). Every kind of
 * import is an edge, `import type` and `import()` included. A file's imports are read from disk once and
 * read again only when the file changes, so an editor that lints for hours still sees today's graph.
 */

const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** A specifier as written, tried as a file, then with an extension, then as a folder's index. */
function fileAt(target) {
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => CODE.test(candidate) && isFile(candidate)) ?? null;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false; // absent, or a path through a file (`style.css/index.ts`)
  }
}

const packageNameOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const workspaceExports = new Map();

/** A package of this repository (a workspace linked into node_modules): its folder and its exports. */
function workspacePackage(name, cwd) {
  const key = `${cwd}\0${name}`;
  if (!workspaceExports.has(key)) workspaceExports.set(key, readWorkspacePackage(name, cwd));
  return workspaceExports.get(key);
}

function readWorkspacePackage(name, cwd) {
  let folder;
  try {
    folder = fs.realpathSync(path.join(cwd, 'node_modules', name));
  } catch {
    return null;
  }
  const inside = path.relative(cwd, folder);
  if (inside.startsWith('..') || inside.split(path.sep).includes('node_modules')) return null;
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const exports = typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
  return { folder, exports };
}

/**
 * The file an import names, or null when it leaves the repository (a dependency, a built-in) or names
 * something that is not code. Packages of the repository count: a cycle through one is still a cycle.
 */
export function resolveImport(specifier, fromFile, cwd) {
  if (specifier.startsWith('.')) return fileAt(path.resolve(path.dirname(fromFile), specifier));
  const name = packageNameOf(specifier);
  const workspace = workspacePackage(name, cwd);
  const entry = workspace?.exports[`.${specifier.slice(name.length)}`];
  return typeof entry === 'string' ? fileAt(path.join(workspace.folder, entry)) : null;
}

const importsByFile = new Map();

/** The files a file imports, from its text on disk. */
export function importsOf(file, cwd) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const known = importsByFile.get(file);
  if (known?.mtimeMs === stat.mtimeMs && known.cwd === cwd) return known.imports;
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
  const imports = [...new Set(specifiers.map((specifier) => resolveImport(specifier, file, cwd)))];
  const found = imports.filter((target) => target !== null);
  importsByFile.set(file, { mtimeMs: stat.mtimeMs, cwd, imports: found });
  return found;
}
