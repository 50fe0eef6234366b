import { useEffect, useRef, useState } from 'react';

/**
 * Counts 0 → total, one step every `stepMs`, whenever a new round arrives; a round already there when
 * the page opens is shown complete at once. Views draw "the first `step` items" of a result.
 */
export function useSteps(roundId: string | undefined, total: number, stepMs: number): number {
  const [step, setStep] = useState(total);
  const seen = useRef(roundId);
  useEffect(() => {
    if (roundId === undefined || roundId === seen.current) {
      setStep(total);
      return;
    }
    seen.current = roundId;
    let current = 0;
    setStep(0);
    const timer = setInterval(() => {
      current += 1;
      setStep(current);
      if (current >= total) clearInterval(timer);
    }, stepMs);
    return () => clearInterval(timer);
  }, [roundId, total, stepMs]);
  return step;
}
