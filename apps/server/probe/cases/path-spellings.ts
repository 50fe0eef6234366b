import { call } from '../http.ts';
import { Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'path spellings';

// Other spellings of protected routes: none may answer 200 without a token.
const PATHS = [
  '/api/me',
  '/%61pi/me',
  '/api/%6De',
  '//api/me',
  '/API/me',
  '/api//me',
  '/api/me/',
  '/%61pi/admin/players',
  '/API/admin/players',
  '/%61pi/reports/statement',
  '/%61pi/settings/stake-buttons',
];

async function run(context: ProbeContext): Promise<CaseResult> {
  const tally = new Tally();
  const statuses: Record<string, number> = {};
  for (const path of PATHS) {
    const answer = await call(context.target, { path, from: context.home });
    tally.add(answer);
    statuses[path] = answer.status;
  }
  const open = Object.entries(statuses).filter(([, status]) => status >= 200 && status < 300);
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: open.length === 0 && tally.noAnswer === 0,
    detail: Object.entries(statuses)
      .map(([path, status]) => `${path}→${status}`)
      .join(' '),
    figures: { statuses, answeredWithoutToken: open.map(([path]) => path) },
  };
}

export const pathSpellings: ProbeCase = { key: 'pathSpellings', name: NAME, run };
