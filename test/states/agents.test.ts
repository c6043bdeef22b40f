/**
 * Agent state x what the agent does with its own credentials (the agents/me
 * routes), and what the platform does to it.
 *
 * The reference: a paused agent keeps reading itself (GET /agents/me shows
 * isPaused) but every other of its own operations is 403 FORBIDDEN until
 * the platform resumes it; a deleted agent's token no longer authenticates
 * (401 UNAUTHORIZED) and the agent is gone for the platform (404 REFERENCE_NOT_FOUND). States
 * are reached through the platform's PATCH and DELETE /agents/{agentId}.
 */
import { expect } from 'vitest';
import { usdAccount } from '../helpers.js';
import { agentWorld, payoutQuote, type AgentClient, type AgentWorld } from '../agents/helpers.js';
import { passes, refused, stateMatrix, type Answer, type StateTable } from './matrix.js';

type State = 'ACTIVE' | 'PAUSED' | 'RESUMED' | 'DELETED';
type Operation =
  | 'read itself'
  | 'list its accounts'
  | 'list its transactions'
  | 'list its actions'
  | 'create a quote'
  | 'transfer out'
  | 'add an external account'
  | 'the platform pauses it'
  | 'the platform resumes it'
  | 'the platform deletes it';

const FORBIDDEN = refused(403, 'FORBIDDEN');
const UNAUTHORIZED = refused(401, 'UNAUTHORIZED');
const GONE = refused(404, 'REFERENCE_NOT_FOUND');

const working = (isPaused: boolean): Record<Operation, Answer> => ({
  'read itself': passes(200, { isPaused }),
  'list its accounts': passes(200, { 'data.0.type': 'INTERNAL_FIAT' }),
  'list its transactions': passes(200, { data: expect.any(Array) }),
  // No permission is needed for it: the pause still is.
  'list its actions': passes(200, { data: expect.any(Array) }),
  'create a quote': passes(201, { status: 'PENDING', totalSendingAmount: 100 }),
  'transfer out': passes(201, { type: 'TRANSFER_OUT', status: 'APPROVED' }),
  'add an external account': passes(201, { status: 'ACTIVE' }),
  'the platform pauses it': passes(200, { isPaused: true }),
  'the platform resumes it': passes(200, { isPaused: false }),
  'the platform deletes it': passes(204),
});

const TABLE: StateTable<State, Operation> = {
  ACTIVE: working(false),
  PAUSED: {
    ...working(true),
    'list its accounts': FORBIDDEN,
    'list its transactions': FORBIDDEN,
    'list its actions': FORBIDDEN,
    'create a quote': FORBIDDEN,
    'transfer out': FORBIDDEN,
    'add an external account': FORBIDDEN,
  },
  RESUMED: working(false),
  DELETED: {
    'read itself': UNAUTHORIZED,
    'list its accounts': UNAUTHORIZED,
    'list its transactions': UNAUTHORIZED,
    'list its actions': UNAUTHORIZED,
    'create a quote': UNAUTHORIZED,
    'transfer out': UNAUTHORIZED,
    'add an external account': UNAUTHORIZED,
    'the platform pauses it': GONE,
    'the platform resumes it': GONE,
    'the platform deletes it': GONE,
  },
};

interface Agent {
  id: string;
  as: AgentClient;
}

const STEPS: Record<State, Array<(w: AgentWorld, id: string) => Promise<{ status: number }>>> = {
  ACTIVE: [],
  PAUSED: [(w, id) => w.client.patch(`/agents/${id}`, { isPaused: true })],
  RESUMED: [(w, id) => w.client.patch(`/agents/${id}`, { isPaused: true }), (w, id) => w.client.patch(`/agents/${id}`, { isPaused: false })],
  DELETED: [(w, id) => w.client.delete(`/agents/${id}`)],
};

const reach = (state: State) => async (w: AgentWorld): Promise<Agent> => {
  const { agent, as } = await w.connectAgent();
  for (const step of STEPS[state]) expect((await step(w, agent.id)).status).toBeLessThan(300);
  return { id: agent.id, as };
};

let accounts = 0;

stateMatrix<AgentWorld, Agent, State, Operation>('agents', TABLE, {
  world: () => agentWorld(),
  reach: { ACTIVE: reach('ACTIVE'), PAUSED: reach('PAUSED'), RESUMED: reach('RESUMED'), DELETED: reach('DELETED') },
  perform: {
    'read itself': (_, agent) => agent.as.get('/agents/me'),
    'list its accounts': (_, agent) => agent.as.get('/agents/me/internal-accounts'),
    'list its transactions': (_, agent) => agent.as.get('/agents/me/transactions'),
    'list its actions': (_, agent) => agent.as.get('/agents/me/actions'),
    'create a quote': (w, agent) => agent.as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 100)),
    'transfer out': (w, agent) => agent.as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 100 }),
    'add an external account': (w, agent) => agent.as.post('/agents/me/external-accounts', usdAccount(w.alice.id, `7700012${String(++accounts).padStart(4, '0')}`)),
    'the platform pauses it': (w, agent) => w.client.patch(`/agents/${agent.id}`, { isPaused: true }),
    'the platform resumes it': (w, agent) => w.client.patch(`/agents/${agent.id}`, { isPaused: false }),
    'the platform deletes it': (w, agent) => w.client.delete(`/agents/${agent.id}`),
  },
  moving: ['the platform pauses it', 'the platform resumes it', 'the platform deletes it'],
});
