import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TableMarket } from '@backlay/contracts';
import { checkStake, newClientRef, refusalText } from '../../../lib/betting/index.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { placeTableBet } from '../api/tables.ts';

export type Notice = { kind: 'ok' | 'error'; text: string };

interface TableBetTarget {
  tableId: string;
  roundId: number | null;
  market: TableMarket | null;
  bettingOpen: boolean;
}

function stakeProblem(stake: string, market: TableMarket): string | null {
  const check = checkStake(stake, market.minStake, market.maxStake);
  if (check.ok) return null;
  switch (check.reason) {
    case 'NOT_A_NUMBER':
      return 'Enter a stake with at most two decimals.';
    case 'TOO_SMALL':
      return `The minimum stake for ${market.name} is ${formatMoney(market.minStake)}.`;
    case 'TOO_LARGE':
      return `The maximum stake for ${market.name} is ${formatMoney(market.maxStake)}.`;
    default:
      return null;
  }
}

/** Sends the slip's bet: checks it first, then words every refusal for the player. */
export function useTableBet({ tableId, roundId, market, bettingOpen }: TableBetTarget) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const retry = useRef<{ key: string; clientRef: string } | null>(null);
  const queryClient = useQueryClient();

  const submit = async (stake: string) => {
    if (!market || roundId === null)
      return setNotice({ kind: 'error', text: 'Choose an outcome of an open market first.' });
    if (!bettingOpen || market.status !== 'OPEN')
      return setNotice({
        kind: 'error',
        text: refusalText({ status: 409, code: 'BETTING_CLOSED', message: '' }, { product: 'tables' }),
      });
    const problem = stakeProblem(stake, market);
    if (problem) return setNotice({ kind: 'error', text: problem });
    // The same bet sent again after a lost answer keeps its reference, so it is never placed twice.
    const key = `${roundId}|${market.id}|${stake}`;
    const clientRef = retry.current?.key === key ? retry.current.clientRef : newClientRef('table');
    retry.current = { key, clientRef };
    setSending(true);
    const answer = await placeTableBet(tableId, { roundId, marketId: market.id, stake, clientRef });
    setSending(false);
    if (answer.ok) {
      retry.current = null;
      const { bet } = answer.value;
      setNotice({
        kind: 'ok',
        text: `Bet placed: ${bet.marketName} ${formatMoney(bet.stake)} at ${bet.odds.toFixed(2)}`,
      });
      void queryClient.invalidateQueries({ queryKey: ['live-table-bets', tableId] });
      return;
    }
    if (answer.status !== 0) retry.current = null;
    setNotice({ kind: 'error', text: refusalText(answer, { product: 'tables' }) });
  };

  return { notice, setNotice, sending, submit };
}
