/** Navigation state of the store list: `register` opens the registration form on arrival. */
export interface StoreListState {
  register?: boolean;
}

export function opensRegistration(state: unknown): boolean {
  return (state as StoreListState | null)?.register === true;
}
