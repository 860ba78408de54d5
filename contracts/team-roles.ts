// Apart from auth.ts and teams.ts so that the inventory's cards, which only ask who may buy, do not load zod.

/** Roles of a dealership's team member (docs/design.md §10, contracts/teams.ts). */
export const TEAM_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** Roles that may buy and offer. */
export const BUYING_ROLES: readonly TeamRole[] = ['owner', 'buyer'];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

/** "Bought by Jane Doe" on the dashboards and admin views. */
export const boughtByText = (name: string) => `Bought by ${name}`;
