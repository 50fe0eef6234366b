import http from 'node:http';

/** A keep-alive HTTP/1.1 client: one pooled connection per concurrent benchmark client. */
export class KeepAliveClient {
  readonly #agent: http.Agent;

  constructor(
    readonly port: number,
    connections: number,
  ) {
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  post(
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'POST',
          path,
          agent: this.#agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}
