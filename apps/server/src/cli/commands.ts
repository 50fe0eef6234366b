import { parseArgs } from 'node:util';
import { createPlayerRequestSchema, type AdminPlayer } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { badRequest, notFound } from '../lib/http-errors.ts';
import {
  changeStatus,
  createPlayer,
  listPlayers,
  moveCash,
  PLAYER_NOT_FOUND,
  type AdminDeps,
} from '../modules/admin/index.ts';
import { unwrap } from '../platform/rejections.ts';
import { findUserByEmail } from '../modules/auth/index.ts';
import { COMMAND_LINE } from '../modules/audit/index.ts';

/** The command line acts as the operator's staff (whose id the tree never reads): its players are the house's. */
const HOUSE_DESK = { id: 'command-line', isAgent: false };

export const USAGE = `Usage: npm run admin -- <command> [options]
  create-player --email <email> --password <password> --name <name> [--opening-credit <amount>]
  deposit <player id or email> <amount> [--remark <text>] [--key <idempotency key>]
  withdraw <player id or email> <amount> [--remark <text>] [--key <idempotency key>]
  suspend <player id or email>
  reactivate <player id or email>
  list [--page <n>] [--page-size 10|20|50] [--search <text>]`;

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  'opening-credit': { type: 'string' },
  remark: { type: 'string' },
  key: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  search: { type: 'string' },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A player named by id or by email. */
async function resolvePlayerId(deps: AdminDeps, ref: string | undefined): Promise<string> {
  if (!ref) throw badRequest('Name the player by id or email.');
  if (UUID.test(ref)) return ref.toLowerCase();
  const user = await findUserByEmail(deps.db, ref.trim().toLowerCase());
  if (!user || user.role !== 'player') throw notFound(PLAYER_NOT_FOUND);
  return user.id;
}

const describePlayer = (p: AdminPlayer) =>
  `${p.id}  ${p.uniqueCode}  ${p.email}  ${p.name}  ${p.status}  balance ${p.balance}  exposure ${p.exposure}`;

/**
 * Runs one cash desk command with the same services as the HTTP API; prints through `print`.
 * Expected failures throw HttpError with a message for the operator.
 */
export async function runAdminCommand(
  deps: AdminDeps,
  argv: string[],
  print: (line: string) => void,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  const [command, ref, amount] = positionals;
  switch (command) {
    case 'create-player': {
      const input = createPlayerRequestSchema.safeParse({
        email: values.email,
        password: values.password,
        name: values.name,
        openingCredit: values['opening-credit'],
      });
      if (!input.success) {
        const issue = input.error.issues[0];
        throw badRequest(`Invalid ${issue?.path.join('.') ?? 'input'}: ${issue?.message ?? 'invalid value'}`);
      }
      print(
        `Created ${describePlayer(unwrap(await createPlayer(deps, HOUSE_DESK, input.data, COMMAND_LINE)))}`,
      );
      return;
    }
    case 'deposit':
    case 'withdraw': {
      const playerId = await resolvePlayerId(deps, ref);
      if (amount === undefined) throw badRequest('Give the amount, e.g. 1500 or 1500.50.');
      const key = values.key === undefined ? undefined : `desk:${values.key}`;
      const input = { playerId, amount, remark: values.remark ?? '', idempotencyKey: key };
      const outcome = unwrap(await moveCash(deps, command, input, COMMAND_LINE));
      const verb = command === 'deposit' ? 'Deposited' : 'Withdrew';
      const note = outcome.replayed ? ' (already done earlier with this key; nothing moved again)' : '';
      print(
        `${verb} ${amount}: balance ${formatMinor(outcome.cashMinor)}, exposure ${formatMinor(outcome.exposureMinor)}${note}`,
      );
      return;
    }
    case 'suspend':
    case 'reactivate': {
      const playerId = await resolvePlayerId(deps, ref);
      const status = command === 'suspend' ? 'suspended' : 'active';
      const player = unwrap(await changeStatus(deps, playerId, status, COMMAND_LINE));
      print(`${command === 'suspend' ? 'Suspended' : 'Reactivated'} ${describePlayer(player)}`);
      return;
    }
    case 'list': {
      const page = Number(values.page ?? '1');
      const pageSize = Number(values['page-size'] ?? '20');
      if (!Number.isInteger(page) || page < 1) throw badRequest('--page must be a whole number from 1.');
      if (![10, 20, 50].includes(pageSize)) throw badRequest('--page-size must be 10, 20 or 50.');
      const result = await listPlayers(deps.db, { page, pageSize, search: values.search });
      for (const player of result.items) print(describePlayer(player));
      print(`${result.items.length} of ${result.total} players (page ${page})`);
      return;
    }
    default:
      throw badRequest(command ? `Unknown command ${command}.\n${USAGE}` : USAGE);
  }
}
