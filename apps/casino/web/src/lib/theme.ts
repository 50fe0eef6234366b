/**
 * Each title's theme colours the page: a hue from the theme word (named themes get a fixed hue), so
 * "gold", "cricket" or "ocean-king" each look like themselves and unnamed ones still differ.
 */
const NAMED_HUES: Readonly<Record<string, number>> = {
  gold: 45,
  riches: 45,
  gems: 285,
  neon: 300,
  classic: 210,
  cricket: 130,
  stadium: 165,
  football: 120,
  'american-football': 20,
  fruit: 350,
  sweets: 330,
  ocean: 195,
  'ocean-king': 195,
  reef: 185,
  dragons: 0,
  legend: 10,
  myth: 40,
  castle: 260,
  european: 150,
  colors: 270,
};

function hueOf(theme: string): number {
  const named = NAMED_HUES[theme];
  if (named !== undefined) return named;
  let hash = 0;
  for (const char of theme) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

export function themeStyle(theme: string): Record<string, string> {
  const hue = hueOf(theme);
  return {
    '--accent': `hsl(${hue} 80% 55%)`,
    '--accent-strong': `hsl(${hue} 85% 45%)`,
    '--accent-soft': `hsl(${hue} 45% 22%)`,
    '--surface': `hsl(${hue} 30% 12%)`,
    '--surface-raised': `hsl(${hue} 28% 17%)`,
  };
}
