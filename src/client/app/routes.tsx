/**
 * Routes generated from the declarations: list, create (and its other routes), edit, and
 * each declared hand-written page. Generated pages load in their own chunks.
 */
import type { ReactNode } from 'react';
import { lazy } from './screen/lazy.js';
import { Route } from 'react-router';
import type { PageDef, Permission, ResourceDef } from '../../../src/shared/resource.js';
import { useScreenAllowed } from '../framework/useAccess.js';
import { pageComponent } from '../pages/registry.js';
import { Forbidden } from './results.js';

const ResourceList = lazy(() => import('../framework/list/ResourceList.js'));
const ResourceForm = lazy(() => import('../framework/form/ResourceForm.js'));

function Guard({ def, perm, page, children }: { def: ResourceDef; perm: Permission; page?: PageDef; children: ReactNode }) {
  return useScreenAllowed(def, perm, page) ? <>{children}</> : <Forbidden />;
}

export function resourceRoutes(resources: ResourceDef[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (const r of resources) {
    const routes = r.routes ?? {};
    if (routes.list) {
      out.push(<Route key={`${r.name}:list`} path={routes.list} element={<Guard def={r} perm="read"><ResourceList name={r.name} /></Guard>} />);
    }
    for (const path of [routes.create, ...(routes.createAlso ?? [])]) {
      if (!path) continue;
      out.push(<Route key={`${r.name}:create:${path}`} path={path} element={<Guard def={r} perm="create"><ResourceForm key={r.name} name={r.name} mode="create" /></Guard>} />);
    }
    if (routes.edit) {
      out.push(<Route key={`${r.name}:edit`} path={routes.edit} element={<Guard def={r} perm="update"><ResourceForm key={r.name} name={r.name} mode="edit" /></Guard>} />);
    }
    for (const [name, page] of Object.entries(r.pages ?? {})) {
      const Page = pageComponent(page.component);
      out.push(
        <Route key={`${r.name}:page:${name}`} path={page.route} element={<Guard def={r} perm={page.permission} page={page}><Page resource={r} /></Guard>} />,
      );
    }
  }
  return out;
}
