import type { RouteDef, RouteName } from '@pharmalytics/domain';
import { lazy, type ComponentType } from 'react';
import { SETTINGS_PAGES } from './settingsPages.ts';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/**
 * A page loaded on its first visit, with what only it uses (forms, tables, charts, maps): the
 * login route downloads the app's frame and the login form, nothing more. The layout's Suspense
 * shows a spinner meanwhile.
 */
function onVisit<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

// The sign-in page loads alone, without the calls of the other session screens: it is what every
// visitor downloads first.
const login = () => import('../features/session/login/LoginPage.tsx');
const session = () => import('../features/session/pages.ts');
const signUp = () => import('../features/sign-up/index.ts');
const passwordReset = () => import('../features/password-reset/index.ts');
const profile = () => import('../features/profile/index.ts');
// The dashboard and the analysis pages load apart: only the analysis pages draw the data grid.
const dashboard = () => import('../features/analytics/dashboard/index.ts');
const analysis = () => import('../features/analytics/analysis/index.ts');
// The map screens load MapLibre with them, and only they do.
const maps = () => import('../features/maps/index.ts');

// Every analysis route draws the shared analysis page with its row of the page table, which
// loads with the page.
const AnalysisRoutePage = onVisit(analysis, (m) => m.AnalysisRoutePage);

/** The screens built so far; every other route shows the shared placeholder. */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  Login: onVisit(login, (m) => m.LoginPage),
  Notice: onVisit(session, (m) => m.NoticePage),
  SignUp: onVisit(signUp, (m) => m.SignUpPage),
  CheckEmail: onVisit(signUp, (m) => m.CheckEmailPage),
  NewAccount: onVisit(signUp, (m) => m.NewAccountPage),
  ForgetPassword: onVisit(passwordReset, (m) => m.ForgetPasswordPage),
  ResetPassword: onVisit(passwordReset, (m) => m.ResetPasswordPage),
  AccountRegister: onVisit(
    () => import('../features/invitations/index.ts'),
    (m) => m.AccountRegisterPage,
  ),
  Profile: onVisit(profile, (m) => m.ProfilePage),
  PersonalSetting: onVisit(profile, (m) => m.PersonalSettingPage),
  NotFound: NotFoundPage,
  Dashboard: onVisit(dashboard, (m) => m.DashboardPage),
  StoreScorecard: onVisit(
    () => import('../features/analytics/scorecard/index.ts'),
    (m) => m.ScorecardPage,
  ),
  PatientDistribution: onVisit(maps, (m) => m.PatientDistributionPage),
  // Its map (MapLibre) loads later still, with the map itself.
  MarketShare: onVisit(maps, (m) => m.MarketSharePage),
  PatientRetention: onVisit(
    () => import('../features/retention/index.ts'),
    (m) => m.RetentionPage,
  ),
  PrescriberChanges: onVisit(
    () => import('../features/prescriber-changes/index.ts'),
    (m) => m.PrescriberChangesPage,
  ),
  FacilityStandards: onVisit(
    () => import('../features/facility-standards/index.ts'),
    (m) => m.FacilityStandardsPage,
  ),
  FacilityStandardsSettings: onVisit(
    () => import('../features/facility-standards/settings/index.ts'),
    (m) => m.FacilityStandardsSettingsPage,
  ),
  ...SETTINGS_PAGES,
};

export function RoutePage({ def }: { def: RouteDef }) {
  const name = def.name as RouteName;
  if (def.analysisPage) return <AnalysisRoutePage route={name} />;
  const Page = PAGES[name];
  return Page ? <Page /> : <ComingSoonPage def={def} />;
}
