import { defaultStakeButtons } from '@backlay/contracts';

export type Caller = 'player' | 'operator' | 'anonymous';
export type BadTextPayload = { label: string; as: Caller; method?: string; path: string; body?: unknown };

const TEN_KB = 'a'.repeat(10 * 1024);
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const BIDI_OVERRIDE = '\u202e';

/** Stake presets with the first Game label replaced (the rest stay valid, so only the label is tested). */
function stakeBody(label: unknown, value: unknown = 1000): unknown {
  const buttons = defaultStakeButtons();
  return { ...buttons, game: [{ label, value }, ...buttons.game.slice(1)] };
}

function newPlayer(overrides: Record<string, unknown>): unknown {
  const suffix = Math.random().toString(36).slice(2, 10);
  return {
    email: `probe-text-${suffix}@probe.invalid`,
    password: 'probe-password',
    name: 'Probe',
    ...overrides,
  };
}

function statement(query: string, label = query): BadTextPayload {
  return { label: `statement ${label}`, as: 'player', path: `/api/reports/statement?${query}` };
}

function stake(label: string, body: unknown): BadTextPayload {
  return { label: `stake ${label}`, as: 'player', method: 'PUT', path: '/api/settings/stake-buttons', body };
}

/** Text the portal must refuse (4xx) or store safely (2xx), never answer with a 5xx. */
export function badTextPayloads(playerId: string): BadTextPayload[] {
  const deposit = `/api/admin/players/${playerId}/deposit`;
  const cash = (label: string, body: unknown): BadTextPayload => ({
    label: `deposit ${label}`,
    as: 'operator',
    path: deposit,
    body,
  });
  const create = (label: string, overrides: Record<string, unknown>): BadTextPayload => ({
    label: `create player ${label}`,
    as: 'operator',
    path: '/api/admin/players',
    body: newPlayer(overrides),
  });
  const login = (label: string, body: unknown): BadTextPayload => ({
    label: `sign-in ${label}`,
    as: 'anonymous',
    path: '/api/loginUser',
    body,
  });
  const nobody = `nobody-${Math.random().toString(36).slice(2, 10)}@probe.invalid`;
  return [
    statement('search=%00'),
    statement('from=9999-12-31'),
    statement('to=2023-02-30'),
    statement('from=0000-01-01'),
    statement('search=%ED%A0%80'),
    statement('search=%FF'),
    statement(`search=${TEN_KB}`, 'search 10 KB'),
    statement('search=a&search=b'),
    stake('label NUL', stakeBody(`1k${NUL}`)),
    stake('label lone surrogate', stakeBody(`1k${LONE_SURROGATE}`)),
    stake('label bidi override', stakeBody(`${BIDI_OVERRIDE}k1`)),
    stake('label 10 KB', stakeBody(TEN_KB)),
    stake('label array', stakeBody(['1k'])),
    stake('label object', stakeBody({ text: '1k' })),
    stake('value string', stakeBody('1k', '1000')),
    stake('body array', '[]'),
    stake('body null', 'null'),
    cash('remark NUL', { amount: '0.01', remark: `cash${NUL}desk` }),
    cash('remark lone surrogate', { amount: '0.01', remark: `cash${LONE_SURROGATE}` }),
    cash('remark 10 KB', { amount: '0.01', remark: TEN_KB }),
    cash('remark object', { amount: '0.01', remark: { text: 'x' } }),
    cash('amount object', { amount: { value: '1' } }),
    cash('amount array', { amount: ['1'] }),
    {
      label: 'deposit id NUL',
      as: 'operator',
      path: '/api/admin/players/%00/deposit',
      body: { amount: '1' },
    },
    { label: 'deposit id bad escape', as: 'operator', path: '/api/admin/players/%ZZ/deposit', body: {} },
    create('name NUL', { name: `Ana${NUL}` }),
    create('name lone surrogate', { name: `Ana${LONE_SURROGATE}` }),
    create('name bidi override', { name: `Ana${BIDI_OVERRIDE}exe.txt` }),
    create('name 10 KB', { name: TEN_KB }),
    create('name array', { name: ['Ana'] }),
    create('email object', { email: { $ne: '' } }),
    create('password NUL', { password: `probe${NUL}password` }),
    { label: 'admin search NUL', as: 'operator', path: '/api/admin/players?search=%00' },
    { label: 'admin search 10 KB', as: 'operator', path: `/api/admin/players?search=${TEN_KB}` },
    { label: 'admin search array', as: 'operator', path: '/api/admin/players?search=a&search=b' },
    login('email NUL', { email: `a${NUL}@probe.invalid`, password: 'x' }),
    login('password NUL', { email: nobody, password: `x${NUL}` }),
    login('email 10 KB', { email: `${TEN_KB}@probe.invalid`, password: 'x' }),
    login('password 10 KB', { email: nobody, password: TEN_KB }),
    login('email object', { email: { $gt: '' }, password: 'x' }),
    login('password array', { email: nobody, password: ['x'] }),
  ];
}
