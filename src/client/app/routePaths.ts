/** Fixed routes of the shells (not generated from a resource). */
export const MODULES_SETTINGS_ROUTE = '/modules/D6RM3AXF/';
