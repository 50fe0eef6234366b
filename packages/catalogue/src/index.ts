export * from './body.ts';
export * from './catalogue.ts';
export { opaqueGameId, sha256Hex } from './hash.ts';
export { slotParamsFor } from './slot-params.ts';
export { escapeXml } from './svg-text.ts';
export * from './thumbnail.ts';
export * from './types.ts';
