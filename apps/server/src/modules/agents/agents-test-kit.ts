import { randomUUID } from 'node:crypto';
import type { Agent } from '@backlay/contracts';
import { expect } from 'vitest';
import { bearer, loginAs, type TestContext } from '../../test/test-app.ts';

export const AGENT_PASSWORD = 'agent-password';

type Headers = Record<string, string>;

/** Console calls of the agents' routes as one signed-in caller. */
export function agentsClient(ctx: TestContext, headers: Headers) {
  const create = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/agents', headers, payload });
  return {
    create,
    /** A new agent with a unique email; fails the test unless it was created. */
    async createOk(payload: Record<string, unknown>): Promise<Agent> {
      const email = `agent-${randomUUID().slice(0, 8)}@agents.local`;
      const response = await create({ email, password: AGENT_PASSWORD, name: email, ...payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ agent: Agent }>().agent;
    },
    /** A creation with a fresh email and the given fields, answered as it comes (refusals). */
    attempt: (payload: Record<string, unknown>) =>
      create({
        email: `try-${randomUUID().slice(0, 8)}@agents.local`,
        password: AGENT_PASSWORD,
        name: 'Try',
        ...payload,
      }),
    downline: (query: string = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/admin/downline${query}`, headers }),
  };
}

/** Signs the agent in with the ordinary sign-in and answers its bearer headers. */
export async function signInAgent(ctx: TestContext, agent: Agent): Promise<Headers> {
  return bearer(await loginAs(ctx.app, agent.email, AGENT_PASSWORD));
}
