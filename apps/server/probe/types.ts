import type { SourceAddresses } from './addresses.ts';
import type { Answer, Target } from './http.ts';

export type Credentials = { email: string; password: string };
export type Session = Credentials & { id: string; token: string };

/** Everything a case may use; a null session means the set-up could not sign it in. */
export type ProbeContext = {
  target: Target;
  addresses: SourceAddresses;
  quick: boolean;
  /** The source address set-up requests leave from (the "owner's" address). */
  home: string | undefined;
  operator: Session | null;
  operatorCredentials: Credentials;
  player: Session | null;
  /** A player made by the probe for cases that lock or move money on an account. */
  victim: (Credentials & { id: string }) | null;
  /** The portal's database, for the connection-loss case (PostgreSQL only). */
  databaseUrl: string | undefined;
};

export type Figure = string | number | boolean | null | Figure[] | { [key: string]: Figure };

export type CaseResult = {
  name: string;
  sent: number;
  fiveXx: number;
  /** null: the case could not decide (skipped, or the limit cannot be observed from here). */
  held: boolean | null;
  detail: string;
  figures: Record<string, Figure>;
};

export type ProbeCase = { key: string; name: string; run(context: ProbeContext): Promise<CaseResult> };

/** Counts answers by status; 0 stands for "no HTTP answer". */
export class Tally {
  sent = 0;
  fiveXx = 0;
  noAnswer = 0;
  readonly byStatus: Record<string, number> = {};

  add(answer: Pick<Answer, 'status'>): void {
    this.sent += 1;
    if (answer.status >= 500) this.fiveXx += 1;
    if (answer.status === 0) this.noAnswer += 1;
    this.byStatus[answer.status] = (this.byStatus[answer.status] ?? 0) + 1;
  }

  count(status: number): number {
    return this.byStatus[status] ?? 0;
  }

  /** `200×3 401×5`, ascending by status. */
  describe(): string {
    return Object.entries(this.byStatus)
      .map(([status, count]) => `${status === '0' ? 'none' : status}×${count}`)
      .join(' ');
  }
}

export function skipped(name: string, reason: string): CaseResult {
  return { name, sent: 0, fiveXx: 0, held: null, detail: `skipped: ${reason}`, figures: { skipped: reason } };
}
