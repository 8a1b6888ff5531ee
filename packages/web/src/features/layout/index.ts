export {
  AppHeader,
  headerHeight,
  type AppHeaderProps,
  type MenuToggle,
} from './header/AppHeader.tsx';
export { MainMenu } from './menus/MainMenu.tsx';
export { ProfileMenu } from './menus/ProfileMenu.tsx';
export { SettingMenu } from './menus/SettingMenu.tsx';
export { SetupGuide } from './setup-guide/SetupGuide.tsx';
