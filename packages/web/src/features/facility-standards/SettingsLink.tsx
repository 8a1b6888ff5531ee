/**
 * The system administrator's way to the 施設基準 settings. It renders nothing until the
 * settings route exists.
 */
export function SettingsLink() {
  return null;
}
