import type { CallData } from '../../framework/useDeclaredCall.js';

/** A class as its room reads it (GET /virtual-class/{id}/). */
export type ClassDetails = CallData<'virtual-classes.details'>;

/** The room messages of spec 4 §4, by status; anything else is 'Not your class'. */
export function roomMessage(status: number | null | undefined): string {
  switch (status) {
    case -1: return 'Class cancelled';
    case 0: return 'Class not yet started';
    case 1: return 'Class started';
    case 2: return 'Class ended';
    case 3: return 'Streaming available';
    default: return 'Not your class';
  }
}

/** A server event of the vc_room channel. */
export interface VcEvent { type: string; vc_class: number; sid?: string | null; status?: string; data?: any; [key: string]: any }

/** Spec 4 §9: a recording above this asks before it is uploaded. */
export const BIG_RECORDING = 524_288_000;
