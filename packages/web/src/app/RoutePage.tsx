import { ANALYSIS_PAGES, type RouteDef, type RouteName } from '@pharmalytics/domain';
import { lazy, type ComponentType } from 'react';
import { AccountRegisterPage } from '../features/account-register/index.ts';
import { LoginPage, NoticePage } from '../features/auth/index.ts';
import { SETTINGS_PAGES } from '../features/corporation/settingsPages.ts';
import { ForgetPasswordPage, ResetPasswordPage } from '../features/password-reset/index.ts';
import { PersonalSettingPage, ProfilePage } from '../features/profile/index.ts';
import { CheckEmailPage, NewAccountPage, SignUpPage } from '../features/sign-up/index.ts';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

const LazyAnalysisPage = lazy(() =>
  import('../features/analytics/index.ts').then((m) => ({ default: m.AnalysisPage })),
);

/** Every analysis route draws the shared analysis page with its row of the page table. */
function analysisRoutePages(): Partial<Record<RouteName, ComponentType>> {
  return Object.fromEntries(
    ANALYSIS_PAGES.map((page) => [page.route, () => <LazyAnalysisPage page={page} />]),
  );
}

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
  ...analysisRoutePages(),
  // The map screens load MapLibre with them, and only they do.
  PatientDistribution: lazy(() =>
    import('../features/maps/index.ts').then((m) => ({ default: m.PatientDistributionPage })),
  ),
  // Loaded on first visit; its map (MapLibre) loads later still, with the map itself.
  MarketShare: lazy(() =>
    import('../features/maps/index.ts').then((m) => ({ default: m.MarketSharePage })),
  ),
  ...SETTINGS_PAGES,
};

export function RoutePage({ def }: { def: RouteDef }) {
  const Page = PAGES[def.name as RouteName];
  return Page ? <Page /> : <ComingSoonPage def={def} />;
}
