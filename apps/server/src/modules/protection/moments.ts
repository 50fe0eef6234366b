/** Moments as the protection module's rows and answers carry them: ms in memory, ISO 8601 outside. */
export type Moment = Date | string | null;

export const isoAt = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : isoAt(ms));
export const msOrNull = (moment: Moment | undefined) => (moment == null ? null : new Date(moment).getTime());
