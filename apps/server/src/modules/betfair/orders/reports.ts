/**
 * Betfair's execution reports. Every report lists instructionReports (the client reads the list even on
 * failure); instruction reports carry only the keys the client's parsers accept.
 */

type Json = Record<string, unknown>;

export type ExecutionReport = {
  customerRef?: string;
  status: 'SUCCESS' | 'FAILURE' | 'PROCESSED_WITH_ERRORS';
  errorCode?: string;
  marketId?: string;
  instructionReports: Json[];
};

export function executionReport(
  base: { customerRef?: string | undefined; marketId?: string | undefined },
  instructionReports: Json[],
  errorCode?: string,
): ExecutionReport {
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
export const failedInstruction = (errorCode: string, extra: Json): Json => ({
  status: 'FAILURE',
  errorCode,
  ...extra,
});
