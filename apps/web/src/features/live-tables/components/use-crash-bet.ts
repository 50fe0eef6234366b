import { useRef, useState } from 'react';
import type { CrashBet, CrashRound } from '@backlay/contracts';
import { newClientRef, refusalText, stakeMinorOf, type Refusal } from '../../../lib/betting/index.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { cashOutCrashBet, placeCrashBet } from '../api/crash.ts';
import { cashOutRace, formatMultiplier, parseAutoCashOut } from '../crash-curve.ts';

export type Notice = { kind: 'ok' | 'error'; text: string };

const tableText = (refusal: Refusal) => refusalText(refusal, { product: 'tables' });
const closedText = () => tableText({ status: 409, code: 'BETTING_CLOSED', message: '' });
const autoText = () => tableText({ status: 400, code: 'INVALID_AUTO_CASH_OUT', message: '' });

/** Placing and cashing out one crash bet, with the player's messages for every answer. */
export function useCrashBet(
  index: number,
  round: CrashRound | null,
  onOwn: (betId: string) => void,
  onChange: () => void,
) {
  const [placed, setPlaced] = useState<CrashBet | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  // The same bet sent again after a lost answer keeps its reference, so it is never placed twice.
  const retry = useRef<{ key: string; clientRef: string } | null>(null);

  const place = async (stake: string, autoOn: boolean, autoInput: string) => {
    if (!round || round.status !== 'BETTING') return setNotice({ kind: 'error', text: closedText() });
    if (stakeMinorOf(stake) === null) return setNotice({ kind: 'error', text: 'Enter a stake.' });
    const autoCashOut = autoOn ? parseAutoCashOut(autoInput) : undefined;
    if (autoCashOut === null) return setNotice({ kind: 'error', text: autoText() });
    const key = `${round.id}|${stake}|${autoCashOut ?? ''}`;
    const clientRef = retry.current?.key === key ? retry.current.clientRef : newClientRef(`crash${index}`);
    retry.current = { key, clientRef };
    setNotice(null);
    setSending(true);
    const body = { roundId: round.id, stake, clientRef, ...(autoCashOut ? { autoCashOut } : {}) };
    const answer = await placeCrashBet(body);
    setSending(false);
    if (!answer.ok) {
      if (answer.status !== 0) retry.current = null;
      return setNotice({ kind: 'error', text: tableText(answer) });
    }
    retry.current = null;
    setPlaced(answer.value.bet);
    onOwn(answer.value.bet.id);
    setNotice({ kind: 'ok', text: `Bet placed: ${formatMoney(answer.value.bet.stake)}` });
    onChange();
  };

  const cashOut = async (betId: string) => {
    setSending(true);
    const answer = await cashOutCrashBet(betId);
    setSending(false);
    if (answer.ok) {
      const { bet, multiplier } = answer.value;
      setPlaced(bet);
      onOwn(bet.id);
      const won = formatMoney(bet.payout ?? '0');
      setNotice({
        kind: 'ok',
        text: `Cashed out at ${formatMultiplier(multiplier)}: ${won}. You beat the crash.`,
      });
    } else if (cashOutRace(answer) === 'LOST') {
      setNotice({
        kind: 'error',
        text: 'The crash came first: your cash-out arrived too late and the bet is lost.',
      });
    } else {
      setNotice({ kind: 'error', text: tableText(answer) });
    }
    onChange();
  };

  return { placed, notice, sending, place, cashOut };
}
