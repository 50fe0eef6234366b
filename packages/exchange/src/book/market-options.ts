import { MAX_RUNNERS_PER_MARKET } from '../limits.ts';
import { err, type Err } from '../result.ts';

export function checkRunnerCount(runnerCount: number): Err | null {
  if (!Number.isInteger(runnerCount) || runnerCount < 1 || runnerCount > MAX_RUNNERS_PER_MARKET) {
    return err('INVALID_ARGUMENT');
  }
  return null;
}
