/**
 * Hand-written screens by the component id their resource declaration names (`pages`).
 * Each loads in its own chunk.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDef } from '../../../src/shared/resource.js';

export interface PageProps { resource: ResourceDef }

export const PAGES: Record<string, LazyExoticComponent<ComponentType<PageProps>>> = {
  TestDetailsAdd: lazy(() => import('./academics/TestDetailsAdd.js')),
};
