import type { StakeLimits } from '../catalogue/shapes.ts';
import type { JsonValue } from '../api-ng/json.ts';

/**
 * Betfair's execution reports. Every report lists instructionReports (the client reads the list even on
 * failure); instruction reports carry only the keys the client's parsers accept.
 */

/** Some keys of an instruction, as the client sent them, echoed in its report. */
export type Echo<Key extends string> = { [K in Key]?: JsonValue };

export type LimitOrderEcho = Echo<
  'size' | 'price' | 'persistenceType' | 'timeInForce' | 'minFillSize' | 'betTargetType' | 'betTargetSize'
>;
export type PlaceInstructionEcho = Echo<
  'selectionId' | 'handicap' | 'side' | 'orderType' | 'customerOrderRef'
> & {
  limitOrder?: LimitOrderEcho;
};
export type CancelInstructionEcho = Echo<'betId' | 'sizeReduction'>;
export type ReplaceInstructionEcho = Echo<'betId' | 'newPrice'>;
export type UpdateInstructionEcho = Echo<'betId' | 'newPersistenceType'>;

/** What every instruction report says: whether it went through, and Betfair's code when not. */
export type InstructionOutcome = { status: 'SUCCESS' | 'FAILURE'; errorCode?: string };

export type PlaceInstructionReport = InstructionOutcome & {
  instruction?: PlaceInstructionEcho;
  orderStatus?: 'EXECUTABLE' | 'EXECUTION_COMPLETE';
  betId?: string;
  placedDate?: string;
  averagePriceMatched?: number;
  sizeMatched?: number;
};
export type CancelInstructionReport = InstructionOutcome & {
  instruction?: CancelInstructionEcho;
  sizeCancelled?: number;
  cancelledDate?: string;
};
export type UpdateInstructionReport = InstructionOutcome & { instruction: UpdateInstructionEcho };
export type ReplaceInstructionReport = InstructionOutcome & {
  cancelInstructionReport: CancelInstructionReport;
  placeInstructionReport: PlaceInstructionReport;
};

export type ExecutionReport<Report extends InstructionOutcome = InstructionOutcome> = {
  customerRef?: string;
  status: 'SUCCESS' | 'FAILURE' | 'PROCESSED_WITH_ERRORS';
  errorCode?: string;
  marketId?: string;
  instructionReports: Report[];
  /** The market's stake range, when an instruction's stake fell outside it (docs/decisions/0273). */
  stakeLimits?: StakeLimits;
};

export function executionReport<Report extends InstructionOutcome>(
  base: { customerRef?: string | undefined; marketId?: string | undefined },
  instructionReports: Report[],
  errorCode?: string,
): ExecutionReport<Report> {
  const failed = instructionReports.filter((report) => report.status === 'FAILURE').length;
  const status =
    errorCode !== undefined ||
    (failed > 0 && failed === instructionReports.length && instructionReports.length > 0)
      ? 'FAILURE'
      : failed > 0
        ? 'PROCESSED_WITH_ERRORS'
        : 'SUCCESS';
  const code =
    errorCode ??
    (status === 'FAILURE'
      ? 'BET_ACTION_ERROR'
      : status === 'PROCESSED_WITH_ERRORS'
        ? 'PROCESSED_WITH_ERRORS'
        : undefined);
  return {
    ...(base.customerRef !== undefined && { customerRef: base.customerRef }),
    status,
    ...(code !== undefined && { errorCode: code }),
    ...(base.marketId !== undefined && { marketId: base.marketId }),
    instructionReports,
  };
}

/** A failed instruction; ERROR_IN_ORDER when the order as a whole failed because of another's error. */
export const failedInstruction = <Extra extends object>(
  errorCode: string,
  extra: Extra,
): { status: 'FAILURE'; errorCode: string } & Extra => ({
  status: 'FAILURE',
  errorCode,
  ...extra,
});
