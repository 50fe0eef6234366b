/**
 * Rendezvous (highest random weight) hashing: a unit goes to the instance whose hash with the unit's id
 * is highest. Every instance computes the same answer from the same list of live instances, and when
 * one joins or leaves only the units it wins or held change hands (docs/decisions/0305).
 */
export function placeUnit(unitId: string, instances: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (const instance of instances) {
    const weight = weightOf(instance, unitId);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && instance < best)) {
      best = instance;
      bestWeight = weight;
    }
  }
  return best;
}

/** FNV-1a over both ids, then MurmurHash3's finaliser so that ids differing in one character spread. */
function weightOf(instance: string, unitId: string): number {
  let hash = 0x811c9dc5;
  hash = mix(hash, instance);
  hash = Math.imul(hash ^ 0x1f, 0x01000193); // a separator: ("ab", "c") and ("a", "bc") differ
  hash = mix(hash, unitId);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function mix(hash: number, text: string): number {
  let mixed = hash;
  for (let index = 0; index < text.length; index += 1)
    mixed = Math.imul(mixed ^ text.charCodeAt(index), 0x01000193);
  return mixed;
}
