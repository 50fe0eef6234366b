const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/y;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;
const DUPLICATE_ATTRIBUTE = /\s([\w:.-]+)="[^"]*"(?=.*\s\1=")/;

/** Checks one run of character data (text or an attribute value): no raw `<`, every `&` an entity. */
function checkCharacterData(text: string, at: number): string | undefined {
  if (text.includes('<')) return `raw "<" at ${at}`;
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(text)) return `bare "&" at ${at + i}`;
  }
  return undefined;
}

/**
 * A tiny well-formedness check for the SVG this package writes (elements, double-quoted attributes,
 * escaped text; no comments, CDATA or processing instructions): balanced tags, one root, nothing
 * outside it. Returns the first problem, or undefined when the document is well formed.
 */
export function xmlProblem(xml: string): string | undefined {
  const open: string[] = [];
  let position = 0;
  let roots = 0;
  while (position < xml.length) {
    const next = xml.indexOf('<', position);
    const text = xml.slice(position, next === -1 ? xml.length : next);
    if (text && open.length === 0) return `text outside the root at ${position}`;
    const textProblem = checkCharacterData(text, position);
    if (textProblem) return textProblem;
    if (next === -1) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(xml);
    if (!tag) return `malformed tag at ${next}`;
    const [whole, closing, name, attributes = '', selfClosing] = tag;
    for (const value of attributes.match(/"[^"]*"/g) ?? []) {
      const problem = checkCharacterData(value.slice(1, -1), next);
      if (problem) return `in an attribute: ${problem}`;
    }
    if (DUPLICATE_ATTRIBUTE.test(attributes)) return `duplicate attribute in <${name}>`;
    if (closing) {
      if (open.pop() !== name) return `unexpected </${name}> at ${next}`;
    } else {
      if (open.length === 0) roots += 1;
      if (!selfClosing) open.push(name!);
    }
    position = next + whole.length;
  }
  if (open.length) return `unclosed <${open.at(-1)}>`;
  return roots === 1 ? undefined : `${roots} root elements`;
}
