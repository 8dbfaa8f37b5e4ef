/**
 * What every picker of records shares (classes, students, years). Typing narrows the list, and
 * the open list shows a dozen options: antd's 256 px showed a school's classes only as far as
 * 3 B, and the rest looked missing until something was typed.
 */
export const PICKER_LIST_HEIGHT = 400;

export const PICKER = { showSearch: true, optionFilterProp: 'label', listHeight: PICKER_LIST_HEIGHT } as const;
