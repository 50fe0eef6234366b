import { call, type Answer } from '../http.ts';
import { Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'headers (http)';

function header(answer: Answer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

/** What a browser on plain http would be told: no HTTPS-only headers, a tight CSP, no cached API answers. */
function problemsOf(answer: Answer, isApi: boolean): string[] {
  if (answer.status === 0) return ['no answer'];
  const problems: string[] = [];
  if (header(answer, 'strict-transport-security')) problems.push('Strict-Transport-Security');
  const csp = header(answer, 'content-security-policy');
  if (/upgrade-insecure-requests/i.test(csp)) problems.push('upgrade-insecure-requests');
  const bare = directive(csp, 'connect-src').filter((source) => source === 'ws:' || source === 'wss:');
  if (bare.length > 0) problems.push(`connect-src ${bare.join(' ')}`);
  if (isApi && !/\bno-store\b/i.test(header(answer, 'cache-control'))) problems.push('API without no-store');
  return problems;
}

async function run(context: ProbeContext): Promise<CaseResult> {
  const token = context.player?.token;
  const requests = [
    { label: 'GET /', path: '/', token: undefined, isApi: false },
    { label: 'GET /api/me', path: '/api/me', token, isApi: true },
    { label: 'GET /api/me (no token)', path: '/api/me', token: undefined, isApi: true },
    { label: 'GET /api/settings/stake-buttons', path: '/api/settings/stake-buttons', token, isApi: true },
  ];
  const tally = new Tally();
  // problem → the requests whose answers showed it
  const problems: Record<string, string[]> = {};
  const figures: Record<string, string | number> = {};
  for (const request of requests) {
    const answer = await call(context.target, {
      path: request.path,
      token: request.token,
      from: context.home,
    });
    tally.add(answer);
    for (const problem of problemsOf(answer, request.isApi)) (problems[problem] ??= []).push(request.label);
    figures[`${request.label} status`] = answer.status;
    if (request.path === '/') {
      figures.csp = header(answer, 'content-security-policy');
      figures.hsts = header(answer, 'strict-transport-security');
    }
    if (request.label === 'GET /api/me') figures.apiCacheControl = header(answer, 'cache-control');
  }
  const found = Object.entries(problems);
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: found.length === 0,
    detail:
      found.length > 0
        ? found.map(([problem, labels]) => `${problem} (${labels.length} answers)`).join('; ')
        : 'no HSTS, no upgrade-insecure-requests, no bare ws:/wss:, API answers no-store',
    figures: { ...figures, problems },
  };
}

export const headers: ProbeCase = { key: 'headers', name: NAME, run };
