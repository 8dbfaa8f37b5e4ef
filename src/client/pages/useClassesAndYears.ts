import { useList } from '@refinedev/core';
import type { Acyear, Class } from '../../generated/entities/academics.js';
import type { EntityRow } from '../../shared/wire.js';

/** A class and an academic year as their generated lists answer them. */
export type ClassRow = EntityRow<Class>;
export type YearRow = EntityRow<Acyear>;

/** The school's classes and academic years, whole (no pages), for pickers and labels; a refusal leaves them empty. */
export function useClassesAndYears() {
  const classes = useList<ClassRow>({ resource: 'classes', pagination: { mode: 'off' }, errorNotification: false });
  const years = useList<YearRow>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification: false });
  return {
    classes: classes.result?.data ?? [], years: years.result?.data ?? [],
    classesLoading: classes.query.isLoading, yearsLoading: years.query.isLoading,
  };
}
