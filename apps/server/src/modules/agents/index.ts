/**
 * The agent network's face (docs/decisions/0287): the tree of agents and their players, its console
 * routes and an agent's profile for `/api/me`. Other modules reach the tree only through this file.
 */
export { agentsRoutes } from './routes.ts';
export { assignPlayer, readAgentProfile } from './tree-repo.ts';
export { treeLoginRefusal } from './locks-repo.ts';
export { readSubtreeExposures, TREE_STANDING } from './tree-standing.ts';
export { openingChipsRequest, playerParent } from './agents-service.ts';
export type { AgentsDeps, Caller } from './agents-service.ts';
export { createAgent } from './agents-service.ts';
export { updateAccount } from './account-service.ts';
export { agentChains } from './share-chains-repo.ts';
export { moveChips } from './chips-service.ts';
export { learnDirectAgent, learnOpenBettors } from './bettor-agents.ts';
