import type { TestContext } from './test-app.ts';

type Headers = Record<string, string>;

/** The operator calls the cash desk tests make; `admin` is the caller unless a test passes other headers. */
export function cashDeskClient(ctx: TestContext, admin: Headers) {
  const post = (url: string, payload: unknown, headers: Headers = admin) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return {
    post,
    deposit: (id: string, payload: unknown, headers: Headers = admin) =>
      post(`/api/admin/players/${id}/deposit`, payload, headers),
    withdraw: (id: string, payload: unknown, headers: Headers = admin) =>
      post(`/api/admin/players/${id}/withdraw`, payload, headers),
    async createPlayer(email: string): Promise<string> {
      const created = await post('/api/admin/players', { email, password: 'secret1', name: 'Desk' });
      return created.json().player.id as string;
    },
  };
}
export type CashDeskClient = ReturnType<typeof cashDeskClient>;
