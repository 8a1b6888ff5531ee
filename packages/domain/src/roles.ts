/** Member roles (spec 01 §3, §9). `name` is the wire name, `publicName` what the UI shows. */
export const ROLES = [
  { id: 1, name: 'admin', publicName: '管理者' },
  { id: 2, name: 'user', publicName: '一般' },
  { id: 3, name: 'system_admin', publicName: 'システム管理者' },
] as const;

export type Role = (typeof ROLES)[number];
export type RoleName = Role['name'];
export type RoleId = Role['id'];

export const ROLE_NAMES = ROLES.map((r) => r.name) as [RoleName, ...RoleName[]];
export const ALL_ROLES: readonly RoleName[] = ROLE_NAMES;
/** The two roles offered when inviting or changing an account's role. */
export const ASSIGNABLE_ROLES = ['admin', 'user'] as const satisfies readonly RoleName[];

export function roleById(id: number): Role | undefined {
  return ROLES.find((r) => r.id === id);
}

export function roleByName(name: string): Role | undefined {
  return ROLES.find((r) => r.name === name);
}
