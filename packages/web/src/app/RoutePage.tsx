import type { RouteDef, RouteName } from '@pharmalytics/domain';
import type { ComponentType } from 'react';
import { LoginPage, NoticePage } from '../features/auth/index.ts';
import { ComingSoonPage } from './pages/ComingSoonPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

/** The screens built so far; every other route shows the shared placeholder. */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  Login: LoginPage,
  Notice: NoticePage,
  NotFound: NotFoundPage,
};

export function RoutePage({ def }: { def: RouteDef }) {
  const Page = PAGES[def.name as RouteName];
  return Page ? <Page /> : <ComingSoonPage def={def} />;
}
