export { PersonalSettingPage } from './PersonalSettingPage.tsx';
export { ProfilePage } from './ProfilePage.tsx';
