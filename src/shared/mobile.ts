/**
 * An Indian mobile number: 10 digits starting 6-9, no leading zero, spaces or country code
 * (spec 1, 9). Written once, as the `mobile` definition the schemas refer to; code reads it here.
 */
import shared from '../../schemas/_shared/definitions.json' with { type: 'json' };

export const MOBILE_PATTERN: string = shared.definitions.mobile.pattern;
export const MOBILE_RE = new RegExp(MOBILE_PATTERN);
