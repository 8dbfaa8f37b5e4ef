import leaveType from '../../../../schemas/hr/leave-type.json' with { type: 'json' };

/** The leave-type codes and labels as the leave type schema declares them (-1 Loss of Pay, 1 Casual, 2 Sick, 4 Others). */
export const LEAVE_CODES: ReadonlyArray<{ code: number; label: string }> =
  leaveType.properties.leave_type.oneOf.map((o) => ({ code: o.const, label: o.title }));

/** A code's label; 0 and anything unknown show as Unknown (spec 3 §4). */
export const leaveLabel = (code: number | null | undefined): string => LEAVE_CODES.find((c) => c.code === code)?.label ?? 'Unknown';
