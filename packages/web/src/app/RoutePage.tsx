import type { RouteDef, RouteName } from '@pharmalytics/domain';
import { lazy, type ComponentType } from 'react';
import { AccountRegisterPage } from '../features/account-register/index.ts';
import { LoginPage, NoticePage } from '../features/auth/index.ts';
import { SETTINGS_PAGES } from '../features/corporation/settingsPages.ts';
import { ForgetPasswordPage, ResetPasswordPage } from '../features/password-reset/index.ts';
import { PersonalSettingPage, ProfilePage } from '../features/profile/index.ts';
import { CheckEmailPage, NewAccountPage, SignUpPage } from '../features/sign-up/index.ts';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/** The screens built so far; every other route shows the shared placeholder. */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  Login: LoginPage,
  SignUp: SignUpPage,
  CheckEmail: CheckEmailPage,
  NewAccount: NewAccountPage,
  ForgetPassword: ForgetPasswordPage,
  ResetPassword: ResetPasswordPage,
  AccountRegister: AccountRegisterPage,
  Notice: NoticePage,
  Profile: ProfilePage,
  PersonalSetting: PersonalSettingPage,
  NotFound: NotFoundPage,
  // Loaded on first visit, with its charts and date pickers.
  Dashboard: lazy(() =>
    import('../features/analytics/index.ts').then((m) => ({ default: m.DashboardPage })),
  ),
  ...SETTINGS_PAGES,
};

export function RoutePage({ def }: { def: RouteDef }) {
  const Page = PAGES[def.name as RouteName];
  return Page ? <Page /> : <ComingSoonPage def={def} />;
}
