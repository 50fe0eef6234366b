import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { readRepoFile } from './manifests.ts';
import { PORTAL } from './processes.ts';

const text = readRepoFile('Dockerfile');
const dockerfile = DockerfileParser.parse(text);
const froms = dockerfile.getFROMs();
const stages = froms.map((from) => from.getBuildStage());
/** The runtime stage's instructions: those from the last FROM on. */
const runtimeStart = froms.at(-1)!.getRange().start.line;
const runtime = dockerfile.getInstructions().filter((i) => i.getRange().start.line >= runtimeStart);
const ofKind = (keyword: string, instructions: Instruction[] = runtime) =>
  instructions.filter((instruction) => instruction.getKeyword() === keyword);
const argumentsOf = (instruction: Instruction | undefined) => instruction?.getArgumentsContent() ?? '';

describe('Dockerfile', () => {
  it('has no problem dockerfile-utils finds, which does find them in a broken file', () => {
    expect(validate(text)).toEqual([]);
    expect(validate('FROM node:20\nUSER\nEXPOSE x\n').length).toBeGreaterThan(0);
  });

  it('builds in stages and ends with the runtime one', () => {
    expect(stages).toEqual(['manifests', 'build', 'runtime']);
  });

  it('builds the three web apps as `npm start` does', () => {
    const start = (JSON.parse(readRepoFile('package.json')) as { scripts: { start: string } }).scripts.start;
    const builds = start.replace(/ && tsx tools\/start-all\.ts$/, '');
    const buildRuns = ofKind('RUN', dockerfile.getInstructions()).map(argumentsOf);
    expect(builds).not.toBe(start);
    expect(buildRuns).toContain(builds);
  });

  it('installs production dependencies only at runtime', () => {
    const runs = ofKind('RUN').map(argumentsOf);
    expect(runs.some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    expect(runs.some((run) => /\bnpm (ci|install)\b(?!.*--omit=dev)/.test(run))).toBe(false);
  });

  it('copies every workspace manifest before `npm ci`', () => {
    const workspaces = (JSON.parse(readRepoFile('package.json')) as { workspaces: string[] }).workspaces;
    const copied = ofKind('COPY', dockerfile.getInstructions()).map(argumentsOf);
    const lock = readRepoFile('package-lock.json');
    const manifests = [...lock.matchAll(/^ {4}"((?:apps|packages)\/[a-z-]+)": \{$/gm)].map((m) => m[1]!);
    expect(workspaces).toEqual(['apps/*', 'packages/*']);
    expect(manifests.length).toBeGreaterThan(0);
    for (const folder of manifests) expect(copied).toContain(`${folder}/package.json ${folder}/`);
  });

  it('runs the portal by default, as a user other than root', () => {
    const cmds = ofKind('CMD');
    expect(cmds).toHaveLength(1);
    expect(JSON.parse(argumentsOf(cmds[0]))).toEqual([...PORTAL.command]);
    const users = ofKind('USER').map(argumentsOf);
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('checks its health on the portal health path with node, not curl', () => {
    const checks = ofKind('HEALTHCHECK').map(argumentsOf);
    expect(checks).toHaveLength(1);
    const command = JSON.parse(checks[0]!.replace(/^CMD\s+/, '')) as string[];
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toContain(`${PORTAL.defaultPort}) + '${PORTAL.health}'`);
  });

  it('exposes the portal, casino and trading stream ports', () => {
    expect(ofKind('EXPOSE').map(argumentsOf)).toEqual(['8080 8081 8443']);
  });

  it('starts from Node 20 or later, as package.json engines ask', () => {
    const image = dockerfile.getInitialARGs()[0]?.getProperty()?.getValue() ?? '';
    expect(image).toMatch(/^node:(\d+)\.(\d+)/);
    const [, major, minor] = /^node:(\d+)\.(\d+)/.exec(image)!;
    expect(Number(major) > 20 || (Number(major) === 20 && Number(minor) >= 19)).toBe(true);
  });
});
