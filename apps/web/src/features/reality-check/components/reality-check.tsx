import { useNavigate } from 'react-router';
import { paths } from '../../../paths.ts';
import { RealityCheckDialog } from './reality-check-dialog.tsx';
import { useRealityCheck } from './use-reality-check.ts';

/**
 * The signed-in shell's reality check (docs/decisions/0234): every tab opens it when the player's
 * interval since sign-in has passed. Loaded apart from the shell, so no first screen waits for it.
 */
export default function RealityCheck({ onSignOut }: { onSignOut: () => void }) {
  const { shown, answer } = useRealityCheck();
  const navigate = useNavigate();
  if (!shown) return null;
  return (
    <RealityCheckDialog
      summary={shown}
      onContinue={answer}
      onSignOut={onSignOut}
      onViewStatement={() => {
        answer();
        navigate(paths.account);
      }}
    />
  );
}
