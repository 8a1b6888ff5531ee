import type { RouteName } from '@pharmalytics/domain';
import { lazy, type ComponentType } from 'react';

/**
 * The settings screens, loaded on first visit: their tables, forms and map stay out of the
 * bundle of the other pages. The layout's Suspense shows a spinner meanwhile.
 */
export const SETTINGS_PAGES: Partial<Record<RouteName, ComponentType>> = {
  Corporation: lazy(() =>
    import('../features/corporations/pages.ts').then((m) => ({ default: m.CorporationPage })),
  ),
  AccountList: lazy(() =>
    import('../features/members/pages.ts').then((m) => ({ default: m.AccountListPage })),
  ),
  AccountDetail: lazy(() =>
    import('../features/members/pages.ts').then((m) => ({ default: m.AccountDetailPage })),
  ),
  PharmacySetting: lazy(() =>
    import('../features/stores/pages.ts').then((m) => ({ default: m.StoreListPage })),
  ),
  PharmacyDetailSetting: lazy(() =>
    import('../features/stores/pages.ts').then((m) => ({ default: m.StoreDetailPage })),
  ),
  InitialSetup: lazy(() =>
    import('../features/stores/setup/index.ts').then((m) => ({ default: m.InitialSetupPage })),
  ),
  CorporationServicePlanSelectSetting: lazy(() =>
    import('../features/corporations/pages.ts').then((m) => ({ default: m.PlanChangePage })),
  ),
};
