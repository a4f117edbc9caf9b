import type { Team } from '@prosa/contracts';
import type { TeamRow } from './teams.queries.js';

export function presentTeam(row: TeamRow, userIds: number[]): Team {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    userIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
