import type { DownlineItem } from '@backlay/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import {
  downlineKey,
  lockAccount,
  moveChips,
  updateAccount,
  type AccountLock,
  type AccountTerms,
  type ChipsMove,
} from './api.ts';
import { capLinesOf, sportCapChanges } from './sport-caps.ts';
import { SportCapsField } from './sport-caps-field.tsx';

/** The action open on one row of the downline. */
export type RowAction = { item: DownlineItem; kind: 'chips' | 'edit' | 'lock' };

type PanelProps = {
  title: string;
  onSubmit: (data: FormData) => void;
  onClose: () => void;
  change: { busy: boolean; error: unknown; done: string | null };
  children: ReactNode;
};

/**
 * The form opens above the table, away from the row's button: its first field takes the focus (and so
 * comes into view), and once it closes the focus goes back to the button that opened it.
 */
function useFocusWhileOpen() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const opener = document.activeElement;
    form.current?.querySelector<HTMLElement>('input, select')?.focus();
    return () => {
      // Another row's button already holds the focus when the user switched forms: leave it there.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return form;
}

function ActionPanel({ title, onSubmit, onClose, change, children }: PanelProps) {
  const form = useFocusWhileOpen();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form ref={form} className="panel panel-body stack" onSubmit={submit} aria-labelledby="row-action-title">
      <h2 id="row-action-title" className="panel-title">
        {title}
      </h2>
      <div className="filters">
        {children}
        <button type="submit" className="btn btn-primary" disabled={change.busy}>
          Save
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorNote error={change.error} />
      <DoneNote text={change.done} />
    </form>
  );
}

const field = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

const CHIPS_FIELDS = [
  ['Amount', { name: 'amount', inputMode: 'decimal', placeholder: '0.00', required: true }],
  ['Remark', { name: 'remark', maxLength: 200 }],
] as const;

/** Chips in from the caller's free balance to the child, or out of the child's back to the caller. */
function ChipsPanel({ item, onClose }: { item: DownlineItem; onClose: () => void }) {
  const change = useChange(
    moveChips,
    [downlineKey],
    (input: ChipsMove) => `${input.amount} chips ${input.direction} for ${item.name}.`,
  );
  const submit = (data: FormData) =>
    change.run({
      id: item.id,
      direction: field(data, 'direction') === 'out' ? 'out' : 'in',
      amount: field(data, 'amount'),
      remark: field(data, 'remark'),
    });
  return (
    <ActionPanel title={`Chips: ${item.name}`} onSubmit={submit} onClose={onClose} change={change}>
      <label className="field">
        <span className="field-label">Direction</span>
        <select name="direction" defaultValue="in">
          <option value="in">In (give chips)</option>
          <option value="out">Out (take chips back)</option>
        </select>
      </label>
      {CHIPS_FIELDS.map(([label, input]) => (
        <label key={input.name} className="field">
          <span className="field-label">{label}</span>
          <input {...input} />
        </label>
      ))}
    </ActionPanel>
  );
}

/** A limit's box: empty removes the limit. */
const limitOf = (data: FormData, name: string) => field(data, name) || null;

/** The child's credit reference, share (agents only) and limits, per sport too, as its parent sets them. */
function EditPanel({ item, onClose }: { item: DownlineItem; onClose: () => void }) {
  const change = useChange(updateAccount, [downlineKey], () => `${item.name}'s terms are saved.`);
  const [capLines, setCapLines] = useState(() => capLinesOf(item.maxStakeBySport));
  // Only what the parent changed is sent: a house player has no credit reference to resend.
  const submit = (data: FormData) => {
    const terms: AccountTerms = { id: item.id };
    const credit = field(data, 'creditReference') || '0.00';
    if (credit !== item.creditReference) terms.creditReference = credit;
    const share = Number(field(data, 'sharePercent'));
    if (item.kind === 'agent' && share !== item.sharePercent) terms.sharePercent = share;
    const exposureLimit = limitOf(data, 'exposureLimit');
    if (exposureLimit !== item.exposureLimit) terms.exposureLimit = exposureLimit;
    const maxStake = limitOf(data, 'maxStake');
    if (maxStake !== item.maxStake) terms.maxStake = maxStake;
    const bySport = sportCapChanges(item.maxStakeBySport, capLines);
    if (bySport) terms.maxStakeBySport = bySport;
    change.run(terms);
  };
  return (
    <ActionPanel title={`Edit: ${item.name}`} onSubmit={submit} onClose={onClose} change={change}>
      <label className="field">
        <span className="field-label">Credit reference</span>
        <input name="creditReference" inputMode="decimal" defaultValue={item.creditReference} />
      </label>
      {item.kind === 'agent' && (
        <label className="field">
          <span className="field-label">Share %</span>
          <input
            name="sharePercent"
            type="number"
            min={0}
            max={100}
            step={0.01}
            required
            defaultValue={item.sharePercent ?? 0}
          />
        </label>
      )}
      <label className="field">
        <span className="field-label">Exposure limit</span>
        <input name="exposureLimit" inputMode="decimal" defaultValue={item.exposureLimit ?? ''} />
      </label>
      <label className="field">
        <span className="field-label">Max stake</span>
        <input name="maxStake" inputMode="decimal" defaultValue={item.maxStake ?? ''} />
      </label>
      <SportCapsField lines={capLines} onChange={setCapLines} />
    </ActionPanel>
  );
}

const lockedText = (lock: AccountLock) =>
  [lock.login ? 'sign-in' : '', lock.bet ? 'betting' : ''].filter(Boolean).join(' and ') || 'nothing';

/** The account's own login and bet locks, each holding for its whole subtree; the reason is audited. */
function LockPanel({ item, onClose }: { item: DownlineItem; onClose: () => void }) {
  const change = useChange(
    lockAccount,
    [downlineKey],
    (input: AccountLock) => `${item.name}: ${lockedText(input)} locked.`,
  );
  const submit = (data: FormData) =>
    change.run({
      id: item.id,
      login: data.get('login') === 'on',
      bet: data.get('bet') === 'on',
      reason: field(data, 'reason'),
    });
  return (
    <ActionPanel title={`Lock: ${item.name}`} onSubmit={submit} onClose={onClose} change={change}>
      <label className="check">
        <input name="login" type="checkbox" defaultChecked={item.loginLocked} /> Login
      </label>
      <label className="check">
        <input name="bet" type="checkbox" defaultChecked={item.betLocked} /> Bet
      </label>
      <label className="field">
        <span className="field-label">Reason</span>
        <input name="reason" required maxLength={500} />
      </label>
    </ActionPanel>
  );
}

const PANELS = { chips: ChipsPanel, edit: EditPanel, lock: LockPanel } as const;

/** The open row action's form, keyed by row so that switching rows starts a fresh form. */
export function RowActionPanel({ action, onClose }: { action: RowAction; onClose: () => void }) {
  const Panel = PANELS[action.kind];
  return <Panel key={action.item.id} item={action.item} onClose={onClose} />;
}
