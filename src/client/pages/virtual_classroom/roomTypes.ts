import type { CallData } from '../../framework/useDeclaredCall.js';
import { VC_CLASS_STATUS as S } from '../../../generated/enums/virtual_classroom.js';

/** A class as its room reads it (GET /virtual-class/{id}/). */
export type ClassDetails = CallData<'virtual-classes.details'>;

/** The room messages of spec 4 §4, by status; anything else is 'Not your class'. */
export function roomMessage(status: number | null | undefined): string {
  switch (status) {
    case S.CANCELLED: return 'Class cancelled';
    case S.NOT_STARTED: return 'Class not yet started';
    case S.LIVE: return 'Class started';
    case S.ENDED: return 'Class ended';
    case S.STREAMING_AVAILABLE: return 'Streaming available';
    default: return 'Not your class';
  }
}

/** A server event of the vc_room channel. */
export interface VcEvent { type: string; vc_class: number; sid?: string | null; status?: string; data?: any; [key: string]: any }

/** Spec 4 §9: a recording above this asks before it is uploaded. */
export const BIG_RECORDING = 524_288_000;

/** A student's presence in the room (spec 4 §3 Classroom student presence). */
export const PRESENCE = { PRESENT: 1, UNKNOWN: 0, ABSENT: -1 } as const;
