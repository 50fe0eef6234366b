import { predictionEngine, type PredictionModel } from './prediction.ts';

/** How many attacks the spell has (the catalogue's `attacks`, 1–7). */
export type GoalCallConfig = { readonly attacks: number };

/** One attack, per 100: a goal 12 times; otherwise saved, wide or blocked (shown, not bet on). */
export const ATTACKS = [
  { id: 'goal', label: 'Goal', weight: 12 },
  { id: 'saved', label: 'Saved', weight: 30 },
  { id: 'wide', label: 'Wide', weight: 30 },
  { id: 'blocked', label: 'Blocked', weight: 28 },
] as const;

export const goalsOf = (attacks: readonly string[]) => attacks.filter((id) => id === 'goal').length;

const models = new Map<number, PredictionModel>();

/** The spell's model: goal, no goal, or two goals or more over all its attacks. */
export function goalCallModel(config: GoalCallConfig): PredictionModel {
  const steps = Math.max(1, Math.min(7, Math.trunc(config.attacks)));
  let model = models.get(steps);
  if (model === undefined) {
    model = {
      key: `goal-call:${steps}`,
      events: ATTACKS,
      steps,
      markets: [
        { id: 'goal', label: 'Goal', group: 'The spell', wins: (attacks) => goalsOf(attacks) > 0 },
        { id: 'no-goal', label: 'No goal', group: 'The spell', wins: (attacks) => goalsOf(attacks) === 0 },
        ...(steps > 1
          ? [
              {
                id: 'two-plus',
                label: '2+ goals',
                group: 'The spell',
                wins: (a: readonly string[]) => goalsOf(a) > 1,
              },
            ]
          : []),
      ],
    };
    models.set(steps, model);
  }
  return model;
}

/** Goal or No Goal: call the spell of attacks; 97 % over the exact chance. */
export const goalCallEngine = predictionEngine(goalCallModel);
