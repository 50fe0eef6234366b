import { useCallback, useEffect, useRef, useState } from 'react';
import {
  api,
  type PlayView,
  type RevealedView,
  type RoundView,
  type SeedsView,
  type SessionView,
} from './api.ts';

export type GameState = {
  session: SessionView | null;
  loadError: string | null;
  /** The last refusal or failure, shown next to the controls. */
  message: string | null;
  balance: string | null;
  /** The newest round: the open one while it lasts, else the last result. */
  round: RoundView | null;
  history: RoundView[];
  seeds: SeedsView | null;
  revealed: RevealedView[];
  busy: boolean;
};

const HISTORY_KEPT = 20;

export type GameControls = {
  play(amount: string, params: object): Promise<PlayView | null>;
  act(action: { type: string } & Record<string, unknown>): Promise<PlayView | null>;
  setClientSeed(clientSeed: string): Promise<boolean>;
  rotate(): Promise<void>;
  dismiss(): void;
};

/** Loads the session behind the launch token and runs every call of the game page. */
export function useGame(token: string): [GameState, GameControls] {
  const [state, setState] = useState<GameState>({
    session: null,
    loadError: null,
    message: null,
    balance: null,
    round: null,
    history: [],
    seeds: null,
    revealed: [],
    busy: false,
  });
  const busy = useRef(false);

  useEffect(() => {
    let live = true;
    void api.session(token).then((result) => {
      if (!live) return;
      if (!result.ok) return setState((s) => ({ ...s, loadError: result.message }));
      const session = result.value;
      setState((s) => ({
        ...s,
        session,
        balance: session.balance,
        round: session.openRound ?? session.history[0] ?? null,
        history: session.history,
        seeds: session.seeds,
        revealed: session.revealed,
      }));
    });
    return () => {
      live = false;
    };
  }, [token]);

  const run = useCallback(async (call: () => ReturnType<typeof api.play>): Promise<PlayView | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState((s) => ({ ...s, busy: true, message: null }));
    const result = await call();
    busy.current = false;
    if (!result.ok) {
      setState((s) => ({ ...s, busy: false, message: result.message }));
      return null;
    }
    const { round, balance, seeds } = result.value;
    setState((s) => ({
      ...s,
      busy: false,
      round,
      seeds,
      balance: balance ?? s.balance,
      history:
        round.status === 'settled'
          ? [round, ...s.history.filter((r) => r.id !== round.id)].slice(0, HISTORY_KEPT)
          : s.history,
    }));
    return result.value;
  }, []);

  const controls: GameControls = {
    play: (amount, params) => run(() => api.play(token, amount, params)),
    act: (action) => run(() => api.act(token, action)),
    async setClientSeed(clientSeed) {
      const result = await api.setClientSeed(token, clientSeed);
      setState((s) =>
        result.ok ? { ...s, seeds: result.value, message: null } : { ...s, message: result.message },
      );
      return result.ok;
    },
    async rotate() {
      const result = await api.rotate(token);
      if (!result.ok) return setState((s) => ({ ...s, message: result.message }));
      const { seeds, revealed } = result.value;
      // Rounds played with the retired seed can now be verified: reload them with the seed attached.
      const refreshed = await api.session(token);
      setState((s) => ({
        ...s,
        seeds,
        revealed,
        message: null,
        history: refreshed.ok ? refreshed.value.history : s.history,
      }));
    },
    dismiss: () => setState((s) => ({ ...s, message: null })),
  };
  return [state, controls];
}
