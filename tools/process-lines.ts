/** Copies a child's output to `out` line by line, each line prefixed with the child's name. */
export function pipeLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WritableStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => pending && out.write(`${prefix}${pending}\n`));
}
