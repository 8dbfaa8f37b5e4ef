/**
 * An Indian mobile number: 10 digits starting 6-9, no leading zero, spaces or country code
 * (spec 1, 9). The entity schemas write the same pattern in their JSON; code reads it here.
 */
export const MOBILE_PATTERN = '^[6-9][0-9]{9}$';
export const MOBILE_RE = new RegExp(MOBILE_PATTERN);
